// GENERATED from elicit_gen/runtime/safetext.py (_UNSAFE_RE, MAX_NAME_LENGTH).
const UNSAFE_RE = /[\u{0}-\u{8}\u{a}-\u{1f}\u{7f}-\u{9f}\u{ad}\u{61c}\u{115f}\u{1160}\u{180e}\u{200b}\u{200e}\u{200f}\u{2028}\u{2029}\u{202a}-\u{202e}\u{2060}-\u{2064}\u{2066}-\u{206f}\u{3164}\u{feff}\u{ffa0}\u{fff9}-\u{fffb}\u{d800}-\u{dfff}\u{e0000}-\u{e007f}]/gu;
const MAX_NAME_LENGTH = 120;