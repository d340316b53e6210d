/**
 * Run in the page by any driver's `evaluate` (Puppeteer's, WebDriver's): signs in through the API as
 * the form does, from the page's own origin, and answers the status. Self-contained: it is sent to
 * the browser as source.
 */
export async function signInFromPage(username: string, password: string): Promise<number> {
  const response = await fetch('/api/login', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return response.status;
}
