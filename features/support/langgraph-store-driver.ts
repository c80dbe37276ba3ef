import { Annotation, END, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { EpStore } from '../../src/integrations/langchain/index.js';
import type { Ep } from '../../src/index.js';

export interface Memory {
  readonly namespace: string[];
  readonly key: string;
  readonly text: string;
}

export interface Recalled {
  readonly namespace: string[];
  readonly key: string;
  readonly score: number | undefined;
}

const MemoryState = Annotation.Root({
  memories: Annotation<Memory[]>,
  query: Annotation<string>,
  prefix: Annotation<string[]>,
  recalled: Annotation<Recalled[]>,
});

/** A LangGraph graph compiled with an ep store: one node writes the memories, the next searches them. */
export async function rememberAndRecall(ep: Ep, file: string, memories: Memory[], query: string, prefix: string[]): Promise<Recalled[]> {
  const graph = new StateGraph(MemoryState)
    .addNode('remember', async (state, config: LangGraphRunnableConfig) => {
      for (const memory of state.memories) await config.store!.put(memory.namespace, memory.key, { text: memory.text });
      return {};
    })
    .addNode('recall', async (state, config: LangGraphRunnableConfig) => {
      const found = await config.store!.search(state.prefix, { query: state.query });
      return { recalled: found.map((item) => ({ namespace: item.namespace, key: item.key, score: item.score })) };
    })
    .addEdge(START, 'remember')
    .addEdge('remember', 'recall')
    .addEdge('recall', END)
    .compile({ store: new EpStore(ep, { path: file }) });
  const state = await graph.invoke({ memories, query, prefix, recalled: [] });
  return state.recalled;
}

export async function storedNamespaces(ep: Ep, file: string): Promise<string[][]> {
  return new EpStore(ep, { path: file }).listNamespaces();
}
