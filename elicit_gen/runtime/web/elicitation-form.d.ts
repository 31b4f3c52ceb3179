// Types of elicitation-form.js (elicit-gen's web target): the elements <elicitation-form> and
// <elicitation-url-consent>, and their result event.

/** What the user answered: the MCP ElicitResult. */
export type ElicitResult =
  | { action: "accept"; content?: Record<string, string | number | boolean | Array<string | number>> }
  | { action: "decline" }
  | { action: "cancel" };

/** The `elicitation-result` event: bubbles, composed; `detail` is the ElicitResult. */
export type ElicitationResultEvent = CustomEvent<ElicitResult>;

/** A URL-mode request's consent screen: the URL check, its warnings, Open / Decline / Cancel. */
export declare class ElicitationUrlConsent extends HTMLElement {
  /** The server's message. */
  message: string | undefined;
  /** The URL the server asks the user to open (a later one starts a new request). */
  url: string | undefined;
  /** Who asks (the server's name); "An MCP server" when not given. */
  server: string | undefined;
  /** The session's protocol revision: "2026-07-28" waits for "I've finished" after Open. */
  revision: string | undefined;
  /** A shipped locale ("en", "zh-CN"); English for another. */
  locale: string | undefined;
  /** The answer once given, else null. */
  readonly result: ElicitResult | null;
}

declare global {
  interface HTMLElementTagNameMap {
    "elicitation-url-consent": ElicitationUrlConsent;
  }
  interface HTMLElementEventMap {
    "elicitation-result": ElicitationResultEvent;
  }
}
