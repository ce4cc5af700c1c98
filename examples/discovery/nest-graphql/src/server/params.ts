export function Query(_key?: string): MethodDecorator {
  return () => undefined;
}
