import { Client } from '@urql/core';

export const client = new Client({ url: '/graphql', exchanges: [] });
