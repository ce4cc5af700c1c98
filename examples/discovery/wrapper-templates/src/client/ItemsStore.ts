import { client } from './ApiClient';

declare function runInAction(name: string, fn: () => void): void;

export class ItemsStore {
  items: unknown[] = [];

  create = (name: string) => client.post('/items.create', { name });

  /** One page of a named list: the request's last word is the list's name. */
  fetchNamedPage = async (request = 'list') => {
    const res = await client.post<unknown[]>(`/items.${request}`);
    runInAction(`ItemsStore#${request}`, () => {
      this.items = res;
    });
    return res;
  };

  fetchArchived = () => this.fetchNamedPage('archived');

  fetchDeleted = () => this.fetchNamedPage('deleted');

  fetchAll() {
    return this.fetchNamedPage('list');
  }
}
