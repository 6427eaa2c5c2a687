ALTER TABLE "rounds" ALTER COLUMN "holes" SET DATA TYPE json USING "holes"::json;
