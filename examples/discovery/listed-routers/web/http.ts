import axios from 'axios';
import urljoin from 'url-join';

const svcRoot = '/svc/v2';

// One request helper picks the verb by its parameter and joins the path onto the service's root.
export async function svcRequest(method: string, path: string, params: unknown) {
  return axios[method](urljoin(svcRoot, path), params);
}

export async function svcGet(path: string, params: unknown = {}) {
  return svcRequest('get', path, { params });
}

export async function svcPost(path: string, params: unknown = {}) {
  return svcRequest('post', path, params);
}

export async function svcPut(path: string, params: unknown = {}) {
  return svcRequest('put', path, params);
}

export async function svcDelete(path: string, params: unknown = {}) {
  return svcRequest('delete', path, { params });
}
