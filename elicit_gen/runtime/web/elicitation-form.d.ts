// Types of elicitation-form.js (elicit-gen's web target): the elements <elicitation-form> and
// <elicitation-url-consent>, and their result event.

/** What the user answered: the MCP ElicitResult. */
export type ElicitResult =
  | { action: "accept"; content?: Record<string, string | number | boolean | Array<string | number>> }
  | { action: "decline" }
  | { action: "cancel" };

/** The `elicitation-result` event: bubbles, composed; `detail` is the ElicitResult. */
export type ElicitationResultEvent = CustomEvent<ElicitResult>;

/** A form-mode request: any requestedSchema, shown as the Python forms would show it. */
export declare class ElicitationForm extends HTMLElement {
  /** The request's requestedSchema (a JSON object); setting it shows a new form. */
  requestedSchema: unknown;
  /** The server's message (the form's heading when short); a default sentence when not given. */
  message: string | undefined;
  /** Who asks (the server's name); "An MCP server" when not given. */
  server: string | undefined;
  /** A shipped locale ("en", "zh-CN"); English for another. */
  locale: string | undefined;
  /** [] when the schema is shown; else why it is refused (only Decline and Cancel are offered). */
  readonly problems: string[];
  /** What is wrong with `content`, by field ({} when it is a valid answer); throws for a refused
   * schema. */
  validate(content: Record<string, unknown>): Record<string, string>;
}

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
    "elicitation-form": ElicitationForm;
    "elicitation-url-consent": ElicitationUrlConsent;
  }
  interface HTMLElementEventMap {
    "elicitation-result": ElicitationResultEvent;
  }
}
