-- =============================================================================
-- Citable demo data — LOCAL ONLY (never run on a hosted project).
-- Run once by backend/src/db/migrate.js when the database holds no user data;
-- also guarded here so running it twice changes nothing.
--
-- Accounts:
--   demo@citable.local  / Demo1234!   (3 sites, pages, versions, keywords, SERPs, ...; staff: the inbox)
--   other@citable.local / Other1234!  (1 site; used by isolation tests)
-- Demo article (public, hide_revisions_texts_from_preview = true):
--   latest version  00000000-0000-4000-8000-00000000d3e0   ->  /view/00000000-0000-4000-8000-00000000d3e0
--   older version   00000000-0000-4000-8000-00000000d3df
-- A normal (non-demo) review link of the demo user: 00000000-0000-4000-8000-0000000a0001
-- Images point to /storage/v1/object/public/page-images/seed/*.png, files listed in
-- supabase/seed-files/README.
-- =============================================================================

do $seed$
declare
  demo_id constant uuid := '00000000-0000-4000-8000-00000000de01';
  other_id constant uuid := '00000000-0000-4000-8000-00000000de02';
  fr_country bigint;
  fr_language bigint;
  be_country bigint;
  be_french bigint;
  group_editorial bigint;
  group_expert bigint;
  group_other bigint;
  site_ids bigint[] := '{}';
  s record;
  p record;
  v_site bigint;
  v_page bigint;
  v_version uuid;
  v_kw bigint;
  page_no integer := 0;
  kw_no integer;
  n_versions integer;
  i integer;
  j integer;
  html text;
  img_no integer := 0;
  a_create bigint;
  a_modify bigint;
  a_serps bigint;
  a_llm bigint;
  a_cover bigint;
  a_contact bigint;
  competitor_domains text[] := array[
    'www.leroymerlin.fr', 'www.pagesjaunes.fr', 'fr.wikipedia.org', 'www.journaldesfemmes.fr',
    'www.service-public.fr', 'www.quechoisir.org', 'www.lemonde.fr', 'www.maisonapart.com',
    'www.ouest-france.fr', 'www.legalplace.fr', 'www.manomano.fr', 'www.decathlon.fr'];
begin
  if exists (select 1 from auth.users where email = 'demo@citable.local') then
    raise notice 'seed already applied';
    return;
  end if;

  -- ------------------------------------------------------------ accounts -----
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          confirmation_token, recovery_token, email_change_token_new, email_change,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at)
  values
    ('00000000-0000-0000-0000-000000000000', demo_id, 'authenticated', 'authenticated', 'demo@citable.local',
     crypt('Demo1234!', gen_salt('bf', 10)), now(), '', '', '', '',
     '{"provider":"email","providers":["email"],"staff":true}', '{"full_name":"Démo Citable"}', now() - interval '40 days', now(), null),
    ('00000000-0000-0000-0000-000000000000', other_id, 'authenticated', 'authenticated', 'other@citable.local',
     crypt('Other1234!', gen_salt('bf', 10)), now(), '', '', '', '',
     '{"provider":"email","providers":["email"]}', '{"full_name":"Autre Utilisateur"}', now() - interval '20 days', now(), null);

  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values
    (demo_id::text, demo_id, jsonb_build_object('sub', demo_id::text, 'email', 'demo@citable.local',
       'email_verified', true, 'phone_verified', false), 'email', now(), now()),
    (other_id::text, other_id, jsonb_build_object('sub', other_id::text, 'email', 'other@citable.local',
       'email_verified', true, 'phone_verified', false), 'email', now(), now());

  select id into fr_country from public.location_countries where country_name = 'France';
  select id into fr_language from public.location_languages where linked_country = fr_country and language_name = 'French';
  select id into be_country from public.location_countries where country_name = 'Belgium';
  select id into be_french from public.location_languages where linked_country = be_country and language_name = 'French';
  select id into a_create from public.actions where name = 'create_article';
  select id into a_modify from public.actions where name = 'modify_articles_with_instructions';
  select id into a_serps from public.actions where name = 'serps';
  select id into a_llm from public.actions where name = 'llm_answers';
  select id into a_cover from public.actions where name = 'create_cover_image';
  select id into a_contact from public.actions where name = 'contact_form';

  -- ------------------------------------------------------- tone articles -----
  insert into public.tone_articles (name, content, owner, is_shared)
  values ('Ton éditorial chaleureux',
          'Un ton proche du lecteur, bienveillant et concret : phrases courtes, exemples du quotidien, tutoiement proscrit.',
          demo_id, true)
  returning id into group_editorial;
  insert into public.tone_articles (name, content, owner, is_shared)
  values ('Ton expert et rassurant',
          'Un ton professionnel qui cite ses sources, explique le vocabulaire technique et rassure sur les démarches.',
          demo_id, false)
  returning id into group_expert;
  insert into public.tone_articles (name, content, parent_tone_article, owner) values
    ('Article conseil jardin', '<p>Au printemps, on commence par observer son sol avant de planter : une poignée de terre suffit à savoir s’il est argileux ou sableux.</p>', group_editorial, demo_id),
    ('Article guide vélo', '<p>Un vélo bien réglé, c’est d’abord une question de sécurité. Voici comment vérifier vos freins en deux minutes.</p>', group_editorial, demo_id),
    ('Fiche juridique', '<p>Le bail commercial est encadré par les articles L145-1 et suivants du Code de commerce. Voici ce qu’il faut retenir.</p>', group_expert, demo_id);
  insert into public.tone_articles (name, content, owner, is_shared)
  values ('Ton gourmand (privé)', 'Un ton gourmand et sensoriel pour une boulangerie artisanale.', other_id, false)
  returning id into group_other;

  -- --------------------------------------------------------------- sites -----
  for s in
    select * from (values
      (1, 'Jardin Zen Paris', 'https://www.jardin-zen-paris.fr', demo_id, group_editorial, 'publish', 'Jardinage, paysagisme, entretien des espaces verts en Île-de-France'),
      (2, 'Atelier Vélo Lyon', 'https://atelier-velo-lyon.fr', demo_id, group_editorial, 'draft', 'Réparation, entretien et choix de vélos, vélotaf, cyclotourisme'),
      (3, 'Cabinet Durand Avocats', 'https://www.durand-avocats.fr', demo_id, group_expert, 'private', 'Droit des affaires, baux commerciaux, création d’entreprise'),
      (4, 'Boulangerie Martin', 'https://boulangerie-martin.fr', other_id, group_other, 'draft', 'Pains au levain, viennoiseries, pâtisseries de saison')
    ) as t(k, name, url, owner, tone, status, topics)
  loop
    insert into public.sites (name, url, country, language, tone_articles_group, linked_user, serps_nb_results,
                              serps_img_nb_results, familiar_terms, accepted_topics, additional_guidelines,
                              nb_images_to_create, default_type_page_post, default_status, image_logo, email1,
                              created_at)
    values (s.name, s.url,
            case when s.k = 3 then be_country else fr_country end,
            case when s.k = 3 then be_french else fr_language end,
            s.tone, s.owner, 10 + s.k * 5, 10, s.k = 2, s.topics,
            'Citer au moins une source officielle par article. Pas de jargon sans explication.',
            case when s.k = 3 then 0 else 2 end, 'post', s.status,
            '/storage/v1/object/public/seo1/logos/placeholder.png',
            'contact@' || regexp_replace(regexp_replace(s.url, '^https?://', ''), '^www\.', ''),
            now() - make_interval(days => 30 - s.k))
    returning id into v_site;
    site_ids := site_ids || v_site;
  end loop;

  -- --------------------------------------------------------------- pages -----
  -- (site index, name, path, status, keywords, intro, three section titles, hidden-demo flag)
  for p in
    select * from (values
      (1, 'Comment aménager un petit jardin en ville', '/blog/amenager-petit-jardin-ville', 1,
       array['aménager petit jardin', 'jardin urbain idées'],
       'Un petit jardin en ville peut devenir un vrai coin de nature si l’on pense l’espace en hauteur, choisit des plantes adaptées et soigne l’éclairage.',
       array['Optimiser chaque mètre carré', 'Choisir des plantes adaptées à la ville', 'Créer une ambiance pour le soir'], false),
      (1, 'Quand tailler les haies ? Le calendrier complet', '/blog/quand-tailler-haies', 1,
       array['quand tailler les haies', 'taille haie période'],
       'Tailler sa haie au bon moment garantit une végétation dense et respecte la nidification des oiseaux, protégée du 15 mars au 31 juillet.',
       array['Les deux tailles de l’année', 'Adapter la taille à chaque essence', 'Les outils et les gestes sûrs'], false),
      (1, 'Gazon ou prairie fleurie : que choisir ?', '/blog/gazon-ou-prairie-fleurie', 3,
       array['prairie fleurie', 'alternative gazon'],
       'La prairie fleurie séduit de plus en plus de jardiniers : moins d’arrosage, moins de tonte et un refuge pour les pollinisateurs.',
       array['Comparer l’entretien', 'Semer une prairie fleurie pas à pas', 'Les erreurs à éviter'], false),
      (1, 'Entretien d’un potager en permaculture', '/blog/potager-permaculture-entretien', 2,
       array['potager permaculture', 'paillage potager'],
       'La permaculture repose sur l’observation : un sol toujours couvert, des associations de cultures et un arrosage raisonné.',
       array['Pailler pour nourrir le sol', 'Associer les cultures', 'Récupérer l’eau de pluie'], false),
      (1, 'Guide : créer un jardin japonais chez soi', '/blog/creer-jardin-japonais', 1,
       array['jardin japonais', 'plantes jardin japonais'],
       'Le jardin japonais invite au calme : minéral, eau et végétal s’y répondent dans un équilibre pensé pour la contemplation.',
       array['Les trois éléments essentiels', 'Les plantes incontournables', 'Entretenir un jardin japonais'], true),
      (1, 'Paysagiste à Paris : combien ça coûte ?', '/services/paysagiste-paris-tarifs', 2,
       array['paysagiste paris prix'],
       'Le prix d’un paysagiste à Paris dépend de la surface, de la conception et des matériaux ; voici des fourchettes réalistes pour 2025.',
       array['Les tarifs moyens constatés', 'Ce qui fait varier le devis', 'Les aides et le crédit d’impôt'], false),
      (2, 'Réviser son vélo soi-même : la check-list', '/conseils/reviser-velo-checklist', 1,
       array['révision vélo', 'entretien vélo soi-même'],
       'Une révision régulière évite la plupart des pannes : dix minutes par mois suffisent pour garder un vélo sûr et agréable.',
       array['Les freins et les pneus', 'La transmission', 'Quand passer à l’atelier'], false),
      (2, 'Vélotaf : bien s’équiper pour l’hiver', '/conseils/velotaf-hiver', 1,
       array['vélotaf hiver', 'équipement vélo pluie'],
       'Rouler l’hiver demande un éclairage puissant, des vêtements respirants et quelques réglages pour garder de l’adhérence.',
       array['Voir et être vu', 'S’habiller sans avoir trop chaud', 'Adapter son vélo au froid'], false),
      (2, 'Vélo électrique : quelle autonomie réelle ?', '/guides/velo-electrique-autonomie', 3,
       array['autonomie vélo électrique'],
       'L’autonomie annoncée d’un vélo électrique varie du simple au double selon le relief, le poids et le mode d’assistance.',
       array['Comprendre les wattheures', 'Les facteurs qui réduisent l’autonomie', 'Prolonger la vie de sa batterie'], false),
      (2, 'Changer une chambre à air en 5 étapes', '/conseils/changer-chambre-air', 2,
       array['changer chambre à air'],
       'Crever n’est pas une fatalité : avec deux démonte-pneus et une pompe, la réparation prend moins de quinze minutes.',
       array['Démonter la roue', 'Trouver la cause de la crevaison', 'Remonter et gonfler'], false),
      (2, 'Prime vélo 2025 : les aides disponibles', '/guides/prime-velo-aides', 2,
       array['prime vélo 2025', 'aide achat vélo électrique'],
       'État, régions et métropoles proposent des aides cumulables pour l’achat d’un vélo ; voici comment en bénéficier à Lyon.',
       array['Les aides nationales', 'Les aides de la Métropole de Lyon', 'Constituer son dossier'], false),
      (3, 'Bail commercial : les clauses à vérifier', '/actualites/bail-commercial-clauses', 1,
       array['bail commercial clauses', 'bail 3 6 9'],
       'Avant de signer un bail commercial, quelques clauses méritent une lecture attentive : durée, destination, charges et révision du loyer.',
       array['La destination des lieux', 'La répartition des charges', 'La révision et l’indexation du loyer'], false),
      (3, 'Créer sa SAS : étapes et coûts', '/actualites/creer-sas-etapes', 1,
       array['créer une SAS', 'statuts SAS'],
       'La SAS est la forme sociale préférée des créateurs pour sa souplesse ; sa création suit pourtant des étapes précises.',
       array['Rédiger les statuts', 'Déposer le capital', 'Immatriculer la société'], false),
      (3, 'Rupture conventionnelle : le guide employeur', '/actualites/rupture-conventionnelle-employeur', 3,
       array['rupture conventionnelle employeur'],
       'La rupture conventionnelle permet de mettre fin d’un commun accord à un CDI ; l’employeur doit respecter une procédure stricte.',
       array['Les entretiens préalables', 'L’indemnité minimale', 'L’homologation par la DREETS'], false),
      (3, 'Recouvrement de créances : que faire ?', '/actualites/recouvrement-creances', 2,
       array['recouvrement créances entreprise'],
       'Un client qui ne paie pas fragilise la trésorerie ; plusieurs étapes amiables puis judiciaires permettent de récupérer son dû.',
       array['La relance amiable', 'L’injonction de payer', 'Les délais de prescription'], false),
      (3, 'Marque : comment la protéger à l’INPI', '/actualites/proteger-marque-inpi', 1,
       array['déposer une marque inpi'],
       'Déposer sa marque à l’INPI protège son nom pendant dix ans renouvelables ; encore faut-il bien choisir ses classes.',
       array['Vérifier la disponibilité', 'Choisir les classes de produits', 'Surveiller et renouveler'], false),
      (4, 'Le pain au levain, mode d’emploi', '/blog/pain-au-levain', 1,
       array['pain au levain maison'],
       'Le levain naturel donne au pain une mie alvéolée et une meilleure conservation ; il suffit de farine, d’eau et de patience.',
       array['Créer son levain', 'Pétrir et façonner', 'La cuisson parfaite'], false)
    ) as t(site_index, name, path, status, keywords, intro, sections, is_demo)
  loop
    page_no := page_no + 1;
    v_site := site_ids[p.site_index];
    insert into public.pages (site, name, url, status, creator, date_created, date_modified,
                              hide_cover_image_from_preview, hide_revisions_texts_from_preview)
    values (v_site, p.name,
            (select s2.url from public.sites s2 where s2.id = v_site) || p.path,
            p.status,
            case when p.site_index = 4 then other_id else demo_id end,
            now() - make_interval(days => 60 - page_no),
            now() - make_interval(days => 20 - (page_no % 17), hours => page_no),
            page_no % 5 = 0 and not p.is_demo, p.is_demo)
    returning id into v_page;

    -- Versions: 2 to 4, each a fuller rewrite of the previous one.
    n_versions := case when p.is_demo then 2 else 2 + (page_no % 3) end;
    for i in 1 .. n_versions loop
      html := '<h1>' || p.name || '</h1>' || E'\n<p>' || p.intro || '</p>';
      for j in 1 .. 3 loop
        html := html || E'\n<h2>' || p.sections[j] || '</h2>'
          || E'\n<p>' || case j
               when 1 then 'Commencez par faire le point. ' || p.sections[j] || ' : une étape qui demande un peu de méthode, mais dont les résultats se voient vite.'
               when 2 then 'Deuxième étape : ' || lower(p.sections[j]) || '. Prenez le temps de comparer les options avant de vous décider.'
               else 'Enfin, ' || lower(p.sections[j]) || ' : c’est souvent ce détail qui fait la différence sur la durée.'
             end || '</p>';
        if j = 2 or i >= 3 then
          html := html || E'\n<ul>\n  <li>Ce qu’il faut savoir sur « ' || p.keywords[1] || ' »</li>'
            || E'\n  <li>Les erreurs les plus fréquentes et comment les éviter</li>'
            || E'\n  <li>Un conseil de professionnel, testé sur le terrain</li>\n</ul>';
        end if;
      end loop;
      if i >= 2 then
        html := html || E'\n<h2>Questions fréquentes</h2>'
          || E'\n<h3>Combien de temps faut-il prévoir ?</h3>'
          || E'\n<p>Comptez une demi-journée pour une première fois, puis beaucoup moins une fois la routine installée.</p>'
          || E'\n<h3>Faut-il faire appel à un professionnel ?</h3>'
          || E'\n<p>Ce n’est pas obligatoire, mais un avis extérieur permet souvent de gagner du temps et d’éviter des erreurs coûteuses.</p>';
      end if;
      if i >= 3 then
        html := html || E'\n<h2>En résumé</h2>\n<ol>\n  <li>Observer avant d’agir.</li>\n  <li>Choisir des solutions adaptées à votre situation.</li>\n  <li>Entretenir régulièrement.</li>\n</ol>';
      end if;
      html := html || E'\n<p><strong>Besoin d’aide ?</strong> Contactez-nous pour un accompagnement personnalisé.</p>';

      if p.is_demo then
        v_version := case i when 1 then '00000000-0000-4000-8000-00000000d3df'::uuid
                            else '00000000-0000-4000-8000-00000000d3e0'::uuid end;
      elsif page_no = 1 and i = n_versions then
        v_version := '00000000-0000-4000-8000-0000000a0001'::uuid;
      else
        v_version := gen_random_uuid();
      end if;

      insert into public.pages_versions (id, page, html_content, creator, created_date, comments_to_modify,
                                         need_to_do_web_search_for_modification, highlight_modified_content,
                                         sent_in_revision, approved)
      values (v_version, v_page, html, case when p.site_index = 4 then other_id else demo_id end,
              now() - make_interval(days => (n_versions - i) * 3 + (page_no % 4), hours => page_no),
              case when i < n_versions then 'Ajouter une FAQ et des exemples concrets pour la version suivante.' end,
              i % 2 = 0, i = n_versions and n_versions > 2,
              -- latest version of a few pages is in revision or approved
              i = n_versions and page_no % 4 = 1 and page_no <> 1 and not p.is_demo,
              i = n_versions and page_no % 4 = 2 and not p.is_demo);
    end loop;

    -- Keywords with 5 to 10 SERP rows each, some of them the site's own pages.
    kw_no := 0;
    foreach html in array p.keywords loop
      kw_no := kw_no + 1;
      insert into public.keywords (keyword) values (html)
      on conflict ((lower(keyword))) do update set keyword = excluded.keyword
      returning id into v_kw;
      insert into public.pages_keywords (linked_page, linked_keyword, to_search)
      values (v_page, v_kw, kw_no = 1 or page_no % 2 = 0);
      if kw_no = 1 or page_no % 3 <> 0 then
        for i in 1 .. 5 + ((page_no + kw_no) % 6) loop
          insert into public.serps (linked_keyword, site, own_site, position_absolute, title, url, meta_description, type)
          values (v_kw, v_site,
                  i = 3 + (page_no % 3),
                  i,
                  case when i = 3 + (page_no % 3) then p.name || ' | ' || (select s3.name from public.sites s3 where s3.id = v_site)
                       else initcap(html) || ' : ' || (array['le guide complet', 'nos conseils', 'tout savoir', 'comparatif 2025', 'les prix', 'avis et retours', 'méthode pas à pas', 'ce qu’il faut savoir', 'FAQ', 'les bons réflexes'])[i] end,
                  case when i = 3 + (page_no % 3) then (select s3.url from public.sites s3 where s3.id = v_site) || p.path
                       else 'https://' || competitor_domains[1 + ((page_no * 3 + i) % array_length(competitor_domains, 1))] || '/' || replace(lower(html), ' ', '-') end,
                  'Découvrez ' || html || ' : conseils pratiques, erreurs à éviter et réponses aux questions les plus posées par les particuliers comme les professionnels en 2025.',
                  case when i = 1 and page_no % 2 = 0 then 'featured_snippet' else 'organic' end);
        end loop;
      end if;
    end loop;

    -- Answers from language models for most pages.
    if page_no % 3 <> 0 then
      insert into public.pages_llm_answers (linked_page, linked_llm, answer)
      select v_page, l.id,
             '<p>D’après les sources consultées, ' || lower(p.intro) || '</p><p>Parmi les sites de référence sur « '
             || p.keywords[1] || ' », on trouve notamment ' || (select s4.name from public.sites s4 where s4.id = v_site)
             || ', qui détaille ' || lower(p.sections[1]) || ' et ' || lower(p.sections[2]) || '.</p>'
      from public.llms l where l.name_openrouter in ('openai/gpt-4o', 'anthropic/claude-3.5-sonnet', 'perplexity/sonar')
      and (l.name_openrouter <> 'perplexity/sonar' or page_no % 2 = 0);
    end if;

    -- Images: propositions (one chosen) and examples.
    if page_no % 2 = 1 or p.is_demo then
      for i in 1 .. 3 loop
        img_no := img_no + 1;
        insert into public.pages_versions_images (linked_page, linked_pages_version, image_url, type, chosen)
        values (v_page, null, '/storage/v1/object/public/page-images/seed/proposition-' || (1 + img_no % 6) || '.png',
                'proposition', i = 2);
      end loop;
      insert into public.pages_versions_images (linked_page, linked_pages_version, image_url, type, chosen)
      values (v_page, null, '/storage/v1/object/public/page-images/seed/example-' || (1 + page_no % 2) || '.png', 'example', false);
    end if;

    -- Page actions of several kinds, all finished (done or failed, with their dates): a seed row is
    -- never a queued job, so a fresh install calls no provider on its first start (issue 27, #11).
    insert into public.pages_actions (linked_page, linked_action, linked_pages_version, creator, info_json, info2,
                                      queued, created_date, status, attempts, updated_at)
    values (v_page, a_create, null, case when p.site_index = 4 then other_id else demo_id end, null, null,
            null, now() - make_interval(days => 50 - page_no), 'done', 1, now() - make_interval(days => 50 - page_no));
    if page_no % 2 = 0 then
      insert into public.pages_actions (linked_page, linked_action, creator, info2, queued, created_date, status, attempts)
      select v_page, a_serps, demo_id, pk.linked_keyword::text, true, now() - interval '2 days', 'done', 1
        from public.pages_keywords pk where pk.linked_page = v_page order by pk.id limit 1;
      insert into public.pages_actions (linked_page, linked_action, creator, queued, created_date, status, attempts)
      values (v_page, a_llm, demo_id, true, now() - interval '1 day', 'done', 1);
    end if;
    if page_no % 5 = 2 then
      insert into public.pages_actions (linked_page, linked_action, linked_pages_version, creator, info_json, queued, status,
                                        attempts, created_date, updated_at)
      select v_page, a_modify, pv.id, demo_id,
             jsonb_build_object('comments', 'Raccourcir l’introduction et ajouter un tableau comparatif.',
                                'useWebSearch', true, 'highlightModifications', false,
                                'unhighlightModifications', false, 'createNewVersion', true),
             true, 'done', 1, now() - interval '3 hours', now() - interval '3 hours' + interval '41 seconds'
        from public.pages_versions pv where pv.page = v_page order by pv.created_date desc limit 1;
    end if;
    if page_no % 4 = 3 then
      insert into public.pages_actions (linked_page, linked_action, linked_pages_version, creator, info_json, queued, status, attempts, last_error,
                                        created_date, updated_at)
      values (v_page, a_cover, null, demo_id,
              jsonb_build_object('generate_prompt', 'Photo lumineuse illustrant : ' || p.name,
                                 'comments', '', 'use_initial_photo', false, 'image_example_id', null,
                                 'number_of_images', 2),
              true, case when page_no = 3 then 'failed' else 'done' end,
              case when page_no = 3 then 3 else 1 end,
              case when page_no = 3 then 'Image provider returned HTTP 503 three times' end,
              now() - interval '5 hours', now() - interval '5 hours' + interval '18 seconds');
    end if;
    if page_no = 7 then
      insert into public.pages_actions (linked_page, linked_action, creator, info_json, queued, status)
      values (v_page, a_contact, demo_id,
              jsonb_build_object('email', 'redaction@atelier-velo-lyon.fr', 'name', 'Équipe Atelier Vélo',
                                 'message', 'Merci de relire la check-list avant publication.'),
              true, 'done');
    end if;
  end loop;

  -- ----------------------------------------------------------------- inbox -----
  -- The staff inbox (docs/operator-desk.md): two first-article requests nobody took yet (their
  -- sites, like a claim's, belong to nobody), one the demo account took in (its first site and
  -- page), and three contact messages (two new, one answered). Inserted without their worker
  -- jobs: a fresh install mails nobody (issue 27, #11).
  declare
    v_new_site bigint;
    v_req bigint;
    v_taken_site bigint;
    v_taken_page bigint;
  begin
    -- a test seeds a database migrated only up to an older migration: no inbox columns there
    if not exists (select 1 from information_schema.columns where table_schema = 'public'
                    and table_name = 'first_article_requests' and column_name = 'taken_by') then
      return;
    end if;
    select s2.id into v_taken_site from public.sites s2 where s2.linked_user = demo_id order by s2.id limit 1;
    select p2.id into v_taken_page from public.pages p2 where p2.site = v_taken_site and not p2.hide_revisions_texts_from_preview
     order by p2.id limit 1;
    insert into public.first_article_requests (url, stripe_email, site, language, status, taken_by, taken_at, page,
                                               status_changed_at, created_at)
    values ((select s3.url from public.sites s3 where s3.id = v_taken_site), 'contact@' ||
              regexp_replace(regexp_replace((select s3.url from public.sites s3 where s3.id = v_taken_site), '^https?://', ''), '^www\.', ''),
            v_taken_site, 'fr', 'taken', demo_id, now() - interval '29 days', v_taken_page, now() - interval '29 days',
            now() - interval '30 days')
    returning id into v_req;
    if to_regnamespace('graphile_worker') is not null then
      perform graphile_worker.remove_job('first_article_request:' || v_req);
    end if;
    for s in
      select * from (values
        ('https://www.fromagerie-des-alpes.fr', 'bonjour@fromagerie-des-alpes.fr', 'fr', interval '2 hours'),
        ('https://green-garden.co.uk', 'hello@green-garden.co.uk', 'en', interval '26 hours')
      ) as t (url, email, lang, age)
    loop
      insert into public.sites (name, url, image_logo, linked_user, additional_guidelines, stripe_email, email1, client_email,
                                country, language, familiar_terms, force_defined_language_for_serps, serps_nb_results,
                                serps_img_nb_results, address_the_reader_with_i, cover_image_width, cover_image_height,
                                nb_images_to_create, default_type_page_post, default_status, auto_publish_image)
      values (regexp_replace(regexp_replace(s.url, '^https?://', ''), '^www\.', ''), s.url,
              '/storage/v1/object/public/seo1/logos/placeholder.png', null,
              'Free first article requested from the public site.', s.email, s.email, s.email,
              fr_country, fr_language, false, false, 10, 5, false, 1200, 630, 3, 'post', 'draft', false)
      returning id into v_new_site;
      insert into public.first_article_requests (url, stripe_email, site, language, created_at)
      values (s.url, s.email, v_new_site, s.lang, now() - s.age)
      returning id into v_req;
      if to_regnamespace('graphile_worker') is not null then
        perform graphile_worker.remove_job('first_article_request:' || v_req);
      end if;
    end loop;
    for s in
      select * from (values
        ('Camille Lefèvre', 'camille.lefevre@exemple.fr',
         E'Bonjour,\nNous publions deux articles par mois sur notre blog de cuisine. Proposez-vous un abonnement pour une dizaine d’articles\u00a0? Merci\u00a0!',
         'new', interval '3 hours'),
        ('Tom Baker', 'tom@bakery-example.co.uk',
         E'Hello,\nCan your articles be written in English for a UK audience? We would need four a month.',
         'new', interval '2 days'),
        ('Julien Morel', 'julien.morel@exemple.fr',
         E'Bonjour, pouvez-vous me rappeler au sujet de l’offre agence\u00a0? Merci.',
         'answered', interval '6 days')
      ) as t (name, email, message, status, age)
    loop
      insert into public.contact_messages (name, email, message, status, status_changed_by, status_changed_at, created_at)
      values (s.name, s.email, s.message, s.status, case when s.status = 'new' then null else demo_id end,
              case when s.status = 'new' then null else now() - s.age + interval '1 hour' end, now() - s.age)
      returning id into v_req;
      if to_regnamespace('graphile_worker') is not null then
        perform graphile_worker.remove_job('contact_message:' || v_req);
      end if;
    end loop;
  end;
end
$seed$;

-- The older versions were sent back by the client with these comments (/view's "what changed",
-- pages_versions.client_comments of 20261130000000). Guarded: a test seeds a database migrated only
-- up to an older migration, before the column exists.
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_schema = 'public' and table_name = 'pages_versions' and column_name = 'client_comments') then
    execute 'update public.pages_versions set client_comments = comments_to_modify
              where comments_to_modify is not null and client_comments is null';
  end if;
end
$$;
