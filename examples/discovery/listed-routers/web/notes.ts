import { svcDelete, svcGet, svcPost, svcPut } from './http';

export const openNote = (id: string) => svcGet(`/notes/${id}`);

export const retitle = (id: string, title: string) => svcPut(`/notes/${id}/title`, { title });

export const createNote = (title: string) => svcPost('/notes', { title });

export const archiveNow = () => svcPost('/archive/run');

export const clearArchives = () => svcDelete('/archive/all');

export const checkHealth = () => svcGet('/health');

export const listTags = () => svcGet('/tags');
