import axios from 'axios';
import urljoin from 'url-join';

const apiRoot = '/api';

// One request helper picks the verb by its parameter and joins the path onto the API's root.
export async function apiRequest(method: string, path: string, params: unknown) {
  return axios[method](urljoin(apiRoot, path), params);
}

export async function apiGet(path: string, params: unknown = {}) {
  return apiRequest('get', path, { params });
}

export async function apiPost(path: string, params: unknown = {}) {
  return apiRequest('post', path, params);
}

// A form upload: the same POST, given the form as its body.
export async function apiPostForm(path: string, form: FormData) {
  return apiPost(path, form);
}
