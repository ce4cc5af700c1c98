import { client } from './ApiClient';

declare const jobs: { add(name: string, data: unknown): Promise<void> };

export class UsersStore {
  private setUserState = (action: string, id: string) => client.post('/users.' + action, { id });

  suspend(id: string) {
    return this.setUserState('suspend', id);
  }

  activate(id: string) {
    return this.setUserState('activate', id);
  }
}

/** Queued for a worker, not sent to the API: `users.suspend` here is no route of this app's. */
export function schedule(action: string, id: string) {
  return jobs.add(`users.${action}`, { id });
}

export function later(id: string) {
  return Promise.all([schedule('suspend', id), schedule('activate', id)]);
}
