/**
 * A tiny same-origin "browser" for HTTP tests: keeps cookies, sends the headers a real browser
 * sends with a same-origin form post, and never follows redirects (tests assert them).
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();
  /**
   * Each client looks like its own visitor (the test server trusts one proxy hop), unless it is
   * given another client's `ip`: two browsers behind one network address.
   */
  constructor(
    readonly baseUrl: string,
    // A random address in the IPv6 documentation range, random in its /64 too (the unpaid
    // orders are counted per /64): unique enough never to share a counter.
    readonly ip = `2001:db8:${[0, 0, 0, 0, 0, 0].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(":")}`,
  ) {}

  /** The same visitor (cookies, address) at a restarted server's new origin. */
  movedTo(baseUrl: string): BrowserClient {
    const moved = new BrowserClient(baseUrl, this.ip);
    for (const [name, value] of this.cookies) moved.cookies.set(name, value);
    return moved;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header);
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(this.baseUrl + path, {
      redirect: "manual",
      headers: {
        Cookie: this.cookieHeader(),
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": this.ip,
        ...headers,
      },
    });
    this.remember(response);
    return response;
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(this.baseUrl + path, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(fields),
      headers: {
        Cookie: this.cookieHeader(),
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: this.baseUrl,
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": this.ip,
        ...headers,
      },
    });
    this.remember(response);
    return response;
  }

  /**
   * A same-origin POST of a multipart form (files) or of URL-encoded fields that repeat a name
   * (several hidden inputs of one name); fetch sets the Content-Type.
   */
  async postBody(
    path: string,
    body: FormData | URLSearchParams,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(this.baseUrl + path, {
      method: "POST",
      redirect: "manual",
      body,
      headers: {
        Cookie: this.cookieHeader(),
        Origin: this.baseUrl,
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": this.ip,
        ...headers,
      },
    });
    this.remember(response);
    return response;
  }

  sessionToken() {
    return [...this.cookies].find(([name]) => name.includes("session_token"))?.[1];
  }
}
