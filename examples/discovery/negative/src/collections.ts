// Reads a table's rows by its name: a function taking a name, no dispatch.
export function useCollection(name: string) {
  return { name, rows: [] as unknown[] };
}

export function collections() {
  return [
    useCollection('app_users'),
    useCollection('app_roles'),
    useCollection('app_files'),
    useCollection('app_folders'),
    useCollection('app_settings'),
    useCollection('app_presets'),
    useCollection('app_webhooks'),
    useCollection('app_activity'),
    useCollection('app_revisions'),
  ];
}
