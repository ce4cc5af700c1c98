import { client } from './ApiClient';

declare function runInAction(name: string, fn: () => void): void;

export class ItemsStore {
  items: unknown[] = [];

  create = (name: string) => client.post('/items.create', { name });

  /** One page of a named list: the request's last word is the list's name. */
  fetchList = async (kind = 'list') => {
    const res = await client.post<unknown[]>(`/items.${kind}`);
    runInAction(`ItemsStore#${kind}`, () => {
      this.items = res;
    });
    return res;
  };

  fetchArchived = () => this.fetchList('archived');

  fetchDeleted = () => this.fetchList('deleted');

  fetchAll() {
    return this.fetchList('list');
  }
}
