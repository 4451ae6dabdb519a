-- The residents directory (issue 11): who lives where, kept by a community's Managers and
-- Admins. Personal data: Board members and the demo viewer cannot read it (server/auth/access.ts).
-- Bounds match RESIDENT_LIMITS in src/api/contract.ts.
CREATE TABLE residents (
  id serial PRIMARY KEY,
  community_id int NOT NULL REFERENCES communities (id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  unit text NOT NULL CHECK (length(unit) BETWEEN 1 AND 100),
  email text CHECK (length(email) BETWEEN 3 AND 254),
  phone text CHECK (length(phone) BETWEEN 1 AND 40),
  household_size int CHECK (household_size BETWEEN 1 AND 50),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  joined_on date,
  notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One resident per email address in a community (addresses compared without case).
CREATE UNIQUE INDEX residents_email ON residents (community_id, lower(email));
CREATE INDEX residents_name ON residents (community_id, lower(name), id);

-- The demo community's residents were fixed sample data in the app until now. A database seeded
-- before this migration gets them here; a new one gets them from DEMO_RESIDENTS
-- (server/simulator/demo.ts) when it is seeded. Keep the two lists the same.
INSERT INTO residents (community_id, name, unit, email, phone, household_size, status, joined_on)
SELECT c.id, v.name, v.unit, v.email, v.phone, v.household_size, v.status, v.joined_on::date
  FROM communities c,
       (VALUES
         ('Emily Rodriguez', 'A-101', 'emily.rodriguez@example.com', '(555) 010-4101', 3, 'active', '2021-03-14'),
         ('James Thompson', 'A-204', 'james.thompson@example.com', '(555) 010-4204', 2, 'active', '2019-08-02'),
         ('Aisha Mohammed', 'B-112', 'aisha.mohammed@example.com', '(555) 010-5112', 4, 'active', '2022-01-20'),
         ('Daniel Kim', 'B-305', 'daniel.kim@example.com', NULL, 1, 'inactive', '2020-06-11'),
         ('Olivia Martinez', 'C-018', 'olivia.martinez@example.com', '(555) 010-6018', 5, 'active', '2023-04-27'),
         ('Robert Nguyen', 'C-221', 'robert.nguyen@example.com', '(555) 010-6221', 2, 'active', '2018-11-05'),
         ('Grace O’Connor', 'D-007', 'grace.oconnor@example.com', '(555) 010-7007', 1, 'active', '2024-02-09'),
         ('Marcus Johnson', 'D-143', NULL, NULL, NULL, 'inactive', '2017-09-30'),
         ('Sofia Rossi', 'E-310', 'sofia.rossi@example.com', '(555) 010-8310', 2, 'active', '2025-05-18'),
         ('Henry Walker', 'E-402', 'henry.walker@example.com', '(555) 010-8402', 3, 'active', '2022-10-03'))
         AS v (name, unit, email, phone, household_size, status, joined_on)
 WHERE c.slug = 'willow-creek'
