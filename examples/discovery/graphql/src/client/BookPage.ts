import { useMutation, useQuery } from '@apollo/client';
import { ADD_BOOK, GET_BOOK } from './operations';

export function useBook(id: string) {
  const { data } = useQuery(GET_BOOK, { variables: { id } });
  return data?.book ?? null;
}

export function useAddBook() {
  const [add] = useMutation(ADD_BOOK);
  return (title: string, authorId: string) => add({ variables: { title, authorId } });
}
