-- The fence engine used to find its category parameters by name (case, diacritics and spaces
-- aside; the Czech name, the English one or the engine key). A database made before roles existed
-- (the demo's, or a company's own) keeps its rows: each role goes to the one parameter the engine
-- read until now, the oldest on a tie and the Czech name before the English one before the key.
-- The reference seed then adds only the roles no row took (docs/decisions/035-engine-parameter-roles.md).
WITH names(role, name, preference) AS (VALUES
  ('pieceHeight', 'Výška lamely', 1),
  ('pieceHeight', 'Slat height', 2),
  ('pieceHeight', 'pieceHeight', 3),
  ('topBar', 'Horní lišta', 1),
  ('topBar', 'Top bar', 2),
  ('topBar', 'topBar', 3),
  ('bottomBar', 'Spodní lišta', 1),
  ('bottomBar', 'Bottom bar', 2),
  ('bottomBar', 'bottomBar', 3),
  ('cProfile', 'C profil', 1),
  ('cProfile', 'C profile', 2),
  ('cProfile', 'cProfile', 3),
  ('uProfile', 'U profil', 1),
  ('uProfile', 'U profile', 2),
  ('uProfile', 'uProfile', 3),
  ('post', 'Šířka sloupku', 1),
  ('post', 'Post width', 2),
  ('post', 'post', 3),
  ('stop', 'Doraz', 1),
  ('stop', 'Stop', 2),
  ('stop', 'stop', 3),
  ('lock', 'Zámek', 1),
  ('lock', 'Lock', 2),
  ('lock', 'lock', 3),
  ('electricLock', 'Elektrický zámek', 1),
  ('electricLock', 'Electric lock', 2),
  ('electricLock', 'electricLock', 3),
  ('fieldDivider', 'Dělicí profil', 1),
  ('fieldDivider', 'Field divider', 2),
  ('fieldDivider', 'fieldDivider', 3),
  ('hingeBearing', 'Šířka ložiskového pantu', 1),
  ('hingeBearing', 'Bearing hinge width', 2),
  ('hingeBearing', 'hingeBearing', 3),
  ('hingeArticulated', 'Šířka kloubového pantu', 1),
  ('hingeArticulated', 'Articulated hinge width', 2),
  ('hingeArticulated', 'hingeArticulated', 3),
  ('wheel60', 'Kolečko 60 mm', 1),
  ('wheel60', 'Wheel 60 mm', 2),
  ('wheel60', 'wheel60', 3),
  ('wheel80', 'Kolečko 80 mm', 1),
  ('wheel80', 'Wheel 80 mm', 2),
  ('wheel80', 'wheel80', 3),
  ('wheel100', 'Kolečko 100 mm', 1),
  ('wheel100', 'Wheel 100 mm', 2),
  ('wheel100', 'wheel100', 3),
  ('driveMountSize', 'Držák pohonu – výška', 1),
  ('driveMountSize', 'Drive mount size', 2),
  ('driveMountSize', 'driveMountSize', 3),
  ('driveMountPosition', 'Držák pohonu – poloha', 1),
  ('driveMountPosition', 'Drive mount position', 2),
  ('driveMountPosition', 'driveMountPosition', 3),
  ('wingGap', 'Mezera mezi křídly', 1),
  ('wingGap', 'Gap between wings', 2),
  ('wingGap', 'wingGap', 3),
  ('railGateOverhang', 'Přesah přes pohon', 1),
  ('railGateOverhang', 'Overhang over the drive', 2),
  ('railGateOverhang', 'railGateOverhang', 3),
  ('weightPerMeter', 'Hmotnost na metr', 1),
  ('weightPerMeter', 'Weight per metre', 2),
  ('weightPerMeter', 'weightPerMeter', 3),
  ('assemblyPrice', 'Cena montáže', 1),
  ('assemblyPrice', 'Assembly price', 2),
  ('assemblyPrice', 'assemblyPrice', 3)
),
candidates AS (
  SELECT DISTINCT ON (names.role) names.role, p.id
  FROM names
  JOIN category_parameters p ON lower(translate(regexp_replace(btrim(p.name), '\s+', ' ', 'g'), 'áäčďéěëíĺľňóôöŕřšťúůüýžÁÄČĎÉĚËÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ', 'aacdeeeillnooorrstuuuyzAACDEEEILLNOOORRSTUUUYZ') collate "C") = lower(translate(regexp_replace(btrim(names.name), '\s+', ' ', 'g'), 'áäčďéěëíĺľňóôöŕřšťúůüýžÁÄČĎÉĚËÍĹĽŇÓÔÖŔŘŠŤÚŮÜÝŽ', 'aacdeeeillnooorrstuuuyzAACDEEEILLNOOORRSTUUUYZ') collate "C")
  WHERE p.role IS NULL
  ORDER BY names.role, names.preference, p.id
),
-- One parameter cannot take two roles (a row named like two of them is impossible, but be sure).
chosen AS (
  SELECT DISTINCT ON (id) role, id FROM candidates ORDER BY id, role
)
UPDATE category_parameters p SET role = chosen.role
FROM chosen
WHERE p.id = chosen.id
  AND NOT EXISTS (SELECT 1 FROM category_parameters taken WHERE taken.role = chosen.role);
