export const api = {
  query(document: unknown, variables?: Record<string, unknown>) {
    return fetch('/admin-api', { method: 'POST', body: JSON.stringify({ query: String(document), variables }) });
  },
  mutate(document: unknown) {
    return (variables: Record<string, unknown>) => api.query(document, variables);
  },
};
