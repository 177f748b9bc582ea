/** The part of SaxonJS (it ships no types) the Factur-X validators use. */
declare module 'saxon-js' {
  type TransformOptions = { stylesheetFileName: string; sourceText: string; destination: 'serialized' }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'async'): Promise<{ principalResult: unknown }>
  }
  export default SaxonJS
}
