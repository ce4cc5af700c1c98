import useSWR from "swr";
import { fetcher } from "../fetcher";

export function useFolder(folderId: string) {
	const { data } = useSWR<{ id: string }>(`/api/folders/${folderId}`, fetcher, { revalidateOnFocus: false });
	return data;
}
