import type { EngineBehaviour } from './types.ts';

/**
 * What the text an engine returns holds of special tokens, in the mode the client asks in: 'kept' (whole, as the
 * model emitted them), 'dropped' (none), 'server_flag' (only when llama.cpp runs with --special, which the runner
 * cannot see). TGI's depends on the mode (its adapter, runners/engines/tgi.ts): streamed, each token's text with
 * special tokens; not streamed, the final text decoded without them.
 */
export type TextSpecialTokens = 'kept' | 'dropped' | 'server_flag';

export function textSpecialTokens(e: Pick<EngineBehaviour, 'specialTokensInText' | 'extraBody'>, streamed: boolean): TextSpecialTokens {
  switch (e.specialTokensInText) {
    case 'per_request':
      return e.extraBody.skip_special_tokens === false ? 'kept' : 'dropped';
    case 'when_streamed':
      return streamed ? 'kept' : 'dropped';
    case 'server_flag':
      return 'server_flag';
    case 'never':
      return 'dropped';
  }
}
