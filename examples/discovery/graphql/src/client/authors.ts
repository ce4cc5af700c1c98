import { gql, type ApolloClient } from '@apollo/client';

const AUTHOR = gql`
  query Author($id: ID!) {
    author(id: $id) {
      name
    }
  }
`;

export function loadAuthor(client: ApolloClient<object>, id: string) {
  return client.query({ query: AUTHOR, variables: { id } });
}

// A constant that is no document, given to another `query`: nothing is sent here.
const COUNT_SQL = 'select count(*) from authors';

export function countAuthors(db: { query(sql: string): unknown }) {
  return db.query(COUNT_SQL);
}
