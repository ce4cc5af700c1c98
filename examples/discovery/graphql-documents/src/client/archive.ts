import { client } from './client';
import { ArchiveProject } from './gql/mutations/ArchiveProject.gql';

export function archiveProject(id: string) {
  return client.mutation(ArchiveProject, { id }).toPromise();
}
