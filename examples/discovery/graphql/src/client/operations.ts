import { gql } from '@apollo/client';

export const GET_BOOK = gql`
  query GetBook($id: ID!) {
    book(id: $id) {
      id
      title
    }
  }
`;

export const LIST_BOOKS = gql`
  query ListBooks {
    books {
      id
      title
    }
  }
`;

export const ADD_BOOK = gql`
  mutation AddBook($title: String!, $authorId: ID!) {
    created: addBook(title: $title, authorId: $authorId) {
      id
    }
  }
`;
