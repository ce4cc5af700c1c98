const connection = { host: 'localhost', port: 6379 };

export function queueOptions(name: string) {
  return { connection, prefix: `{${name}}` };
}
