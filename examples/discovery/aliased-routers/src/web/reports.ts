import { apiGet, apiPost, apiPostForm } from './http';

export const openReport = (id: string) => apiGet(`/reports/${id}`);

export const uploadReport = (form: FormData) => apiPostForm('/upload', form);

export const renderReport = () => apiPost('/reports/render');

export const checkStatus = () => apiGet('/status');

export const openExport = (id: string) => apiGet(`/exports/${id}`);
