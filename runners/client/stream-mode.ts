/**
 * Whether the client asks for streamed answers: where the caller asks (the engine's `streams`), unless the
 * environment says USERTURN_STREAM=0. The setup reads it too, since on TGI the mode decides what the text holds
 * (runners/engines/special-tokens.ts).
 */
export const streamsAnswers = (asked = true): boolean => asked && process.env.USERTURN_STREAM !== '0';
