export const notFound = {
  message: 'The page you are looking for does not exist or has moved.',
}
