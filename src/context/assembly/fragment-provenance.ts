import { requireNonEmptyString } from './validate.js';

export interface FragmentProvenanceInit {
  /** The node or record the fragment was rendered from. */
  readonly resourceUri: string;
  /** Where it was found: tier and source, such as `warm:builtin/context-files`. */
  readonly location?: string;
  /** How it was selected: `focus`, `query`, `breadth:1`, `depth-fallback`, ... */
  readonly strategy?: string;
}

/** Where a fragment came from and why it was chosen. */
export class FragmentProvenance {
  readonly resourceUri: string;
  readonly location: string;
  readonly strategy: string;

  constructor(init: FragmentProvenanceInit) {
    this.resourceUri = requireNonEmptyString('FragmentProvenance', 'resource_uri', init.resourceUri);
    this.location = init.location ?? '';
    this.strategy = init.strategy ?? '';
    Object.freeze(this);
  }

  toJSON(): Record<string, string> {
    return { resource_uri: this.resourceUri, location: this.location, strategy: this.strategy };
  }
}
