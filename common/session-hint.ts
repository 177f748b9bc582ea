/**
 * A cookie readable by scripts that says "this browser holds a session" (never which one: the
 * session itself stays in an httpOnly cookie). Static pages ask the server who is signed in only
 * when it is present, so a visitor's page load makes no session request at all.
 */
export const SESSION_HINT_COOKIE = 'cd_signed_in'
