import { createUser, deleteUser } from '../src/app';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void): void;

describe('user.created', () => {
  it('user.welcome_sent', () => {
    createUser('ada');
  });
  it('user.deleted', () => {
    deleteUser('ada');
  });
});
