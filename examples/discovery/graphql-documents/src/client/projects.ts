import { client } from './client';
// Written by GraphQL codegen from the documents under gql/ (not in the repository).
import { CreateProjectDocument, ProjectDocument } from './graphql';

export async function createProject(name: string) {
  const result = await client.mutation(CreateProjectDocument, { name }).toPromise();
  return result.data;
}

export async function loadProject(id: string) {
  const result = await client.query(ProjectDocument, { id }).toPromise();
  return result.data;
}
