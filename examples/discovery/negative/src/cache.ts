// Keys built from a constant and a number, and loops over constants, with no handler anywhere: a cache and
// a URL, no dispatch. A loaded value is data, not a handler its loader built.
enum CacheKey {
  User = 'cache-user',
  Team = 'cache-team',
}

const cache = new Map<string, unknown>();
const API = '/api';

function loadUser(id: number) {
  return { id, loadedAt: Date.now() };
}

export function warm(ids: number[]) {
  ids.forEach((id) => cache.set(`${CacheKey.User}-${id}`, loadUser(id)));
  for (const key of Object.values(CacheKey)) cache.delete(key);
}

export function readUser(id: number) {
  return cache.get(`${CacheKey.User}-${id}`);
}

export const fetchUser = (id: number) => fetch(`${API}/users/${id}`);
