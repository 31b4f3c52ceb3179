// GENERATED from elicit_gen/runtime/urlcheck.py (MAX_URL_LENGTH) and
// elicit_gen/runtime/consent_args.py (MAX_MESSAGE_LENGTH).
const MAX_URL_LENGTH = 8192;
const MAX_MESSAGE_LENGTH = 10000;