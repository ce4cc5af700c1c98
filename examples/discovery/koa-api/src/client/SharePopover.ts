import { client } from './ApiClient';

export async function shareDocument(documentId: string) {
  const share = await client.post('shares.create', { documentId });
  await client.post('shares.list');
  return share;
}

export async function unshare(id: string) {
  return client.post('shares.revoke', { id });
}
