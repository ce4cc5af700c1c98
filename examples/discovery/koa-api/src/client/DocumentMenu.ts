import { client } from './ApiClient';

export function newDocument() {
  return client.post('documents.create', { title: 'Untitled' });
}

export function moveTo(id: string, parentId: string) {
  return client.post('documents.move', { id, parentId });
}
