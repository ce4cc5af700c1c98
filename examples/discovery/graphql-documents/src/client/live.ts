import { useProjectCreatedSubscription } from './graphql';

export function useNewProjects() {
  const [result] = useProjectCreatedSubscription();
  return result.data?.projectCreated ?? null;
}
