/** The browser's API client: every call is a POST of JSON to `/api/<method>`. */
export class ApiClient {
  constructor(private baseUrl = '/api') {}

  post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.request<T>(path, 'POST', body);
  }

  private async request<T>(path: string, method: string, body: unknown): Promise<T> {
    const res = await fetch(this.baseUrl + path, { method, body: JSON.stringify(body) });
    return (await res.json()) as T;
  }
}

export const client = new ApiClient();
