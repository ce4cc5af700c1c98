import useSWR from "swr";
import { fetcher } from "../fetcher";

export function useLinks(workspaceId?: string) {
	const { data } = useSWR<string[]>(workspaceId ? `/api/links?workspaceId=${workspaceId}` : null, fetcher);
	return data ?? [];
}
