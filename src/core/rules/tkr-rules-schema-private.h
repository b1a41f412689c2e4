/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/*
 * The shape of each rule system's own section of its rule data ("pf2e",
 * "d20", "action-points"), declared in tkr-rules-schema.c and checked when
 * the rules load. Checking turns the section into a table of typed values
 * by dotted path ("d20.travel.paces[3].mph"), which TkrRules's typed
 * accessors read.
 */

typedef enum
{
  TKR_RULE_SECTION, /* the section itself; a marker, no value */
  TKR_RULE_INT,     /* a whole number from min to max */
  TKR_RULE_BOOL,
  TKR_RULE_STRING,  /* text that is not empty; one of choices when given */
  TKR_RULE_STRV,    /* a list of texts */
  TKR_RULE_INTS,    /* a list of whole numbers from min to max */
  TKR_RULE_RECORDS, /* a list of min to max objects; members "path[].member" */
  TKR_RULE_INT_MAP, /* an object of any names to whole numbers from min to max */
} TkrRuleType;

typedef struct
{
  TkrRuleType type;
  int number; /* INT, BOOL; the number of entries of RECORDS */
  char *text; /* STRING */
  GStrv strv; /* STRV; the names of INT_MAP, in the file's order */
  int *ints;  /* INTS */
  guint n_ints;
} TkrRuleValue;

/* The values of @system_id's section of @root, by dotted path: (transfer
 * full) a table of char * to TkrRuleValue *, empty when @system_id has no
 * section of its own; NULL with TKR_RULES_ERROR_INVALID naming the rule
 * data and the key when the section is missing or misshapen. */
GHashTable *tkr_rules_schema_check (const char *system_id, JsonObject *root, GError **error);

const char *tkr_rule_type_to_string (TkrRuleType type);

G_END_DECLS
