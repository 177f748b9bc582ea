export const auth = {
  gatedPage: 'Sign in or create an account to open “{{page}}”.',

  toast: {
    mfaRequired: 'Two-factor authentication required',
    mfaRequiredText: 'Your organization requires it: set it up to see its clusters, orders and invoices.',
    loginSuccess: 'Login successful',
    welcomeBack: 'Welcome back, {{name}}!',
    loginFailed: 'Login failed',
    registerSuccess: 'Registration successful',
    welcome: 'Welcome, {{name}}!',
    welcomeBillingId:
      "Your organization's Billing ID is {{billingId}}: give it to colleagues so they can ask to join.",
    registerFailed: 'Registration failed',
    passwordChanged: 'Password changed',
    verificationSent: 'Verification Email Sent',
    verificationSentDescription: 'Please check your email for the verification link.',
    error: 'Error',
    resendFailed: 'Failed to resend verification email. Please try again.',
  },

  brand: {
    eyebrow: 'Clusterdeck',
    title: 'Production-ready Kubernetes, run from European data centers',
    lead: 'Deploy, scale and manage your clusters with enterprise-grade security and monitoring.',
    pointDeploy: 'Clusters ready in minutes, in seven cluster types',
    pointSecurity: 'Enterprise-grade security, monitoring and two-factor sign-in',
    pointSovereignty: 'GDPR, HDS and CISPE compliant, with data kept sovereign',
    gdpr: 'GDPR',
    hds: 'HDS',
    cispe: 'CISPE',
  },

  tabs: {
    label: 'Sign in or create an account',
    signIn: 'Sign in',
    register: 'Create account',
  },

  fields: {
    recoveryCode: 'Recovery code',
    identifier: 'Username or email',
    username: 'Username',
    email: 'Email',
    name: 'Full name',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    companyName: 'Company name',
    companyId: 'Billing ID',
    code: 'Authentication code',
    showPassword: 'Show password',
  },

  hints: {
    username: '3 to 32 letters, digits, dots, dashes or underscores.',
    passwordRule: 'At least {{count}} characters',
    passwordCommon: 'Not one of the most common passwords',
    passwordRuleMet: 'met',
    passwordRuleUnmet: 'not met yet',
  },

  signIn: {
    title: 'Welcome back',
    description: 'Sign in to manage your clusters, orders and billing.',
    submit: 'Sign in',
    submitting: 'Signing in...',
    forgotPassword: 'Forgot password?',
    magicLink: 'Email me a sign-in link',
    or: 'or',
    devLogin: 'Use a demo account',
    noAccount: 'New to Clusterdeck?',
    createAccount: 'Create an account',
  },

  register: {
    title: 'Create your account',
    description: 'Start with your organization: you can invite your team later.',
    submit: 'Create account',
    submitting: 'Creating account...',
    organization: 'Your organization',
    joining: "I'm joining my company, which already uses Clusterdeck",
    joiningHint:
      "Enter the Billing ID your company's administrator gave you: they approve your request before you see the organization.",
    newOrganizationHint:
      'Your new organization gets its Billing ID once you have registered; you are its admin and can give the ID to colleagues.',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    legal:
      'By creating an account you accept the <terms>terms of service</terms> and the <privacy>privacy policy</privacy>.',
  },

  mfa: {
    useAuthenticator: 'Use the authenticator app',
    useRecoveryCode: 'Use a recovery code instead',
    recoveryHint:
      'One of the ten codes you saved when you turned on two-factor authentication. Each works once.',
    title: 'Two-factor authentication',
    description: 'Enter the 6-digit code from your authenticator app to finish signing in.',
    submit: 'Verify and sign in',
    submitting: 'Verifying...',
    back: 'Back to sign in',
  },

  invalidLink: 'This link is invalid or has expired. Please request a new one.',

  forgot: {
    title: 'Forgot your password?',
    description: 'Enter the email address of your account and we will mail you a link to choose a new one.',
    submit: 'Send reset link',
    submitting: 'Sending...',
    sentTitle: 'Check your inbox',
    sentAgain: 'Send another link',
    backToSignIn: 'Back to sign in',
  },

  passkey: {
    signIn: 'Sign in with a passkey',
    waiting: 'Waiting for your passkey…',
  },
  invitation: {
    title: 'Your invitation',
    loading: 'Reading the invitation…',
    joinTitle: 'Join {{organization}}',
    description: '{{inviter}} invites you to {{organization}} on Clusterdeck. Choose how you sign in.',
    address: 'Your account’s address:',
    submit: 'Create my account',
    submitting: 'Creating your account…',
    failed: 'The account could not be created',
    invalidTitle: 'This invitation cannot be used',
    missing: 'The link has no invitation in it. Open the link of the mail again.',
    signIn: 'Go to sign in',
  },
  reset: {
    title: 'Choose a new password',
    description: 'Your new password signs you out of every other session.',
    submit: 'Change password',
    submitting: 'Changing password...',
    doneTitle: 'Password changed',
    signIn: 'Sign in',
    missingTitle: 'This reset link is incomplete',
    missingDescription: 'Open the link from the email again, or ask for a new one.',
    invalidTitle: 'This link cannot be used',
    requestNew: 'Request a new link',
  },

  verify: {
    checking: 'Checking your verification link...',
    verifiedTitle: 'Email address verified',
    verifiedDescription: 'Thank you: your email address is confirmed and your account is fully set up.',
    invalidTitle: 'This verification link cannot be used',
    invalidDescription:
      'It is invalid, has expired or was already used. Enter your email address to get a new one.',
    pendingTitle: 'Verify your email address',
    pendingDescription:
      'We sent a link to your inbox. Open it to confirm your address; look in your spam folder if it does not arrive.',
    resend: 'Send a new link',
    resending: 'Sending...',
    resent: 'New verification email sent successfully!',
    toDashboard: 'Go to the dashboard',
    signIn: 'Sign in',
  },

  magicLogin: {
    title: 'Sign in with a magic link',
    description: 'No password needed: we mail you a link that signs you in once, within 15 minutes.',
    submit: 'Email me a link',
    submitting: 'Sending...',
    sentTitle: 'Check your inbox',
    sentAgain: 'Send another link',
    usePassword: 'Sign in with a password',
  },

  magicLink: {
    title: 'Sign in to Clusterdeck',
    description: 'Continue to sign in with the link from your email. It works once.',
    submit: 'Sign in',
    submitting: 'Signing in...',
    missingTitle: 'This sign-in link is incomplete',
    missingDescription: 'Open the link from the email again, or ask for a new one.',
    invalidTitle: 'This sign-in link cannot be used',
    requestNew: 'Request a new link',
  },

  devLogin: {
    title: 'Demo accounts',
    description: 'Development only: sign in as one of the seeded demo users with one click.',
    signInAs: 'Sign in as {{name}}',
    checking: 'Checking the environment...',
    unavailableTitle: 'Not available here',
    unavailableDescription:
      'The demo sign-in exists in development only, on a server that listens on this machine alone. Sign in with your own account.',
    signIn: 'Go to sign in',
    accounts: {
      verifiedCustomer: 'Verified customer',
      unverifiedEmail: 'Email not yet verified',
      twoFactor: 'Two-factor authentication (TOTP)',
      organizationAdmin: 'Organization admin',
      officer: 'Officer (officers panel)',
      platformOperator: 'Platform operator (super_admin)',
    },
  },
}
