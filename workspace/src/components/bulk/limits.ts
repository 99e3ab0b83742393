/** The longest keyword the database accepts (migration 20261128000400; the keywords screen's KEYWORD_MAX_LENGTH). */
export const KEYWORD_MAX_LENGTH = 200;
