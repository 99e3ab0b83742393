-- The content score in the page list (issue 29, docs/article-engine.md):
--   * the page list sorts by pages.content_score (the latest version's score, kept by the
--     article engine's trigger), unscored pages last in both directions: an index per site like
--     the other sortable columns (name, url, date_modified);
--   (the count of unsupported claims /view shows before approving comes with get_article_for_view,
--   migration 20261129000500).

create index pages_site_content_score_idx on public.pages (site, content_score desc nulls last, id desc);
