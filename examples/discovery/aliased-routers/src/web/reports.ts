import { apiGet, apiPost, apiPostForm, apiRequest } from './http';

export const openReport = (id: string) => apiGet(`/reports/${id}`);

export const uploadReport = (form: FormData) => apiPostForm('/upload', form);

export const renderReport = () => apiPost('/reports/render');

export const checkStatus = () => apiGet('/status');

export const openExport = (id: string) => apiGet(`/exports/${id}`);

// The verb given as a word to the helper that picks it by its parameter.
export const clearCache = () => apiRequest('delete', '/cache', {});

// A helper that only formats strings: its callers' words are no requests.
export const labelFor = (kind: string, text: string) => `${kind}: ${text}`;

export const labels = [labelFor('delete', '/cache'), labelFor('post', '/upload')];

export const completeSetup = () => apiPost('/setup', {});
