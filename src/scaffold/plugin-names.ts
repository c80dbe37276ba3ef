/** The names one plugin id gives a scaffolded package: `acme/word-stats` → `@acme/ep-word-stats`, `WordStats`. */
export interface PluginNames {
  /** The plugin id, `acme/word-stats`. */
  readonly id: string;
  readonly namespace: string;
  /** The part after the namespace, `word-stats`. */
  readonly name: string;
  /** For classes: `WordStats`. */
  readonly pascal: string;
  /** For functions and variables: `wordStats`. */
  readonly camel: string;
  /** The npm package name. */
  readonly packageName: string;
}

export function pluginNames(id: string, packageName?: string): PluginNames {
  const [namespace = '', name = ''] = id.split('/');
  const words = name.split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('') || 'Plugin';
  const leading = /^[0-9]/.test(pascal) ? `P${pascal}` : pascal;
  return {
    id,
    namespace,
    name,
    pascal: leading,
    camel: leading[0]!.toLowerCase() + leading.slice(1),
    packageName: packageName ?? `@${namespace}/ep-${name}`,
  };
}
