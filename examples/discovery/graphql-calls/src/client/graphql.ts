import { initGraphQLTada } from 'gql.tada';

// Documents are written as calls, `graphql(`…`)`, not as tagged templates.
export const graphql = initGraphQLTada<{ introspection: never }>();
