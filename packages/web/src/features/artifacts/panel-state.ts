import type { ArtifactTarget } from '../../store/artifacts.ts';
import type { Artifact } from './artifacts.ts';

/**
 * The artifacts panel's state machine (doc 3 §4 "Artifacts panel"): the tab starts on preview;
 * while a reply streams it switches to code when an artifact's content begins and to preview when
 * the block is complete; the latest artifact is selected unless the user picked another.
 */
export type PanelState = {
  /** Ids in lastUpdateTime order. */
  ids: string[];
  currentId: string | null;
  tab: 'preview' | 'code';
  /** The latest artifact is followed (nothing picked by hand, or the latest was picked). */
  followLatest: boolean;
  /** The streaming phase last seen of the latest artifact, so a switch happens once per change. */
  phase: { id: string; phase: 'header' | 'code' | 'complete' } | null;
};

export const initialPanelState: PanelState = {
  ids: [],
  currentId: null,
  tab: 'preview',
  followLatest: true,
  phase: null,
};

export type PanelAction =
  | { type: 'artifacts'; artifacts: readonly Artifact[]; streaming: ReadonlySet<string> }
  | { type: 'select'; id: string }
  | { type: 'target'; target: ArtifactTarget | null; artifacts: readonly Artifact[] }
  | { type: 'cycle'; step: 1 | -1 }
  | { type: 'tab'; tab: 'preview' | 'code' }
  | { type: 'reset' };

const phaseOf = (a: Artifact) => (a.complete ? 'complete' : a.contentStarted ? 'code' : 'header');

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'reset':
      return initialPanelState;
    case 'tab':
      return state.tab === action.tab ? state : { ...state, tab: action.tab };
    case 'select': {
      if (!state.ids.includes(action.id)) return state;
      return { ...state, currentId: action.id, followLatest: action.id === state.ids.at(-1) };
    }
    case 'cycle': {
      if (state.ids.length === 0) return state;
      const at = Math.max(0, state.currentId ? state.ids.indexOf(state.currentId) : state.ids.length - 1);
      const next = Math.min(state.ids.length - 1, Math.max(0, at + action.step));
      return panelReducer(state, { type: 'select', id: state.ids[next] });
    }
    case 'target': {
      if (!action.target) return { ...state, followLatest: true, currentId: state.ids.at(-1) ?? null };
      const { messageId, identifier, ordinal } = action.target;
      const ofMessage = action.artifacts.filter((a) => a.messageId === messageId);
      const found =
        ofMessage.find((a) => a.identifier === identifier && identifier !== '') ??
        ofMessage.find((a) => a.index === ordinal) ??
        ofMessage[0];
      return found ? panelReducer(state, { type: 'select', id: found.id }) : state;
    }
    case 'artifacts': {
      const ids = action.artifacts.map((a) => a.id);
      const latest = action.artifacts.at(-1) ?? null;
      let { currentId, tab, followLatest, phase } = state;
      if (followLatest || !currentId || !ids.includes(currentId)) {
        currentId = latest?.id ?? null;
        followLatest = true;
      }
      // Streaming switches follow the artifact being written (the latest one of a live reply);
      // its completion may land with the reply's end, so one followed already is seen through.
      const followed = latest !== null && (action.streaming.has(latest.messageId) || phase?.id === latest.id);
      if (latest && followed && latest.id === currentId) {
        const now = phaseOf(latest);
        const before = phase?.id === latest.id ? phase.phase : null;
        if (now !== before) {
          if (now === 'code') tab = 'code';
          else if (now === 'complete' && before !== null) tab = 'preview';
          phase = { id: latest.id, phase: now };
        }
      }
      const same =
        ids.length === state.ids.length &&
        ids.every((id, i) => id === state.ids[i]) &&
        currentId === state.currentId &&
        tab === state.tab &&
        followLatest === state.followLatest &&
        phase === state.phase;
      return same ? state : { ids, currentId, tab, followLatest, phase };
    }
  }
}
