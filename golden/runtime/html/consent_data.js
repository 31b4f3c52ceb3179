// GENERATED from elicit_gen/runtime/urlcheck.py (MAX_URL_LENGTH) and
// elicit_gen/runtime/consent_args.py (MAX_MESSAGE_LENGTH, NOTIFIED_REVISIONS).
const MAX_URL_LENGTH = 8192;
const MAX_MESSAGE_LENGTH = 10000;
const NOTIFIED_REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];