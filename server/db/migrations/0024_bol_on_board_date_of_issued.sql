-- B/Ls issued before the on-board date was recorded printed their sailing's ETD as the day shipped on board.
UPDATE "bills_of_lading" SET "on_board_date" = "etd" WHERE "issue_date" IS NOT NULL;
