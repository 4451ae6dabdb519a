/**
 * Where to go after signing in: the `next` path the app was sent from, when it is a path of this
 * site ("/reports"), never another origin ("//evil.example", "https://…").
 */
export function safeNextPath(next: string | null, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next.startsWith('/sign-in') ? fallback : next;
}
