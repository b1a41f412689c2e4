/* SPDX-License-Identifier: GPL-3.0-or-later */

/*
 * The field table (src/core/engine/tkr-fields.h, docs/ARCHITECTURE.md,
 * "Combatant state"): each field is a property that notifies only when
 * its value changes, an empty string is no string, objects are held and
 * dropped, and saved fields go through files and back, with a value out of
 * range refused naming its member.
 */

#include "config.h"

#include <string.h>

#include "tkr-core.h"
#include "tkr-fields.h"

typedef struct
{
  GObject parent_instance;

  int count;
  gboolean flag;
  char *label;
  GObject *thing;
  TkrPhase phase;
} TestThing;

typedef GObjectClass TestThingClass;

static GType test_thing_get_type (void);
G_DEFINE_TYPE (TestThing, test_thing, G_TYPE_OBJECT)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestThing, g_object_unref)

static const TkrField fields[] = {
  TKR_FIELD_INT (TestThing, count, "count", "count", -5, 50, 3),
  TKR_FIELD_BOOLEAN (TestThing, flag, "flag", "flag"),
  TKR_FIELD_STRING (TestThing, label, "label", "label"),
  TKR_FIELD_OBJECT (TestThing, thing, "thing", g_object_get_type),
  TKR_FIELD_ENUM (TestThing, phase, "phase", tkr_phase_get_type, TKR_PHASE_FREEPLAY),
};

static void
test_thing_dispose (GObject *object)
{
  tkr_fields_clear (object, test_thing_get_type ());
  G_OBJECT_CLASS (test_thing_parent_class)->dispose (object);
}

static void
test_thing_class_init (TestThingClass *klass)
{
  klass->dispose = test_thing_dispose;
  tkr_fields_install (klass, fields, G_N_ELEMENTS (fields));
}

static void
test_thing_init (TestThing *self)
{
  self->count = 3;
}

static void
count_notify (GObject *object, GParamSpec *pspec, guint *notified)
{
  (*notified)++;
}

static void
test_properties (void)
{
  g_autoptr (TestThing) thing = g_object_new (test_thing_get_type (), NULL);
  g_autoptr (GObject) held = g_object_new (G_TYPE_OBJECT, NULL);
  g_autofree char *label = NULL;
  guint notified = 0;
  int count = 0;
  TkrPhase phase;

  g_signal_connect (thing, "notify", G_CALLBACK (count_notify), &notified);
  g_object_set (thing, "count", 7, NULL);
  g_object_set (thing, "count", 7, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (thing, "count", &count, NULL);
  g_assert_cmpint (count, ==, 7);

  g_object_set (thing, "label", "", NULL);
  g_assert_null (thing->label);
  g_assert_cmpuint (notified, ==, 1);
  g_object_set (thing, "label", "Ann", NULL);
  g_object_get (thing, "label", &label, NULL);
  g_assert_cmpstr (label, ==, "Ann");

  g_object_set (thing, "thing", held, "phase", TKR_PHASE_MAIN, NULL);
  g_object_get (thing, "phase", &phase, NULL);
  g_assert_cmpint (phase, ==, TKR_PHASE_MAIN);
  g_assert_true (thing->thing == held);
  g_assert_cmpuint (notified, ==, 4);
  g_object_run_dispose (G_OBJECT (thing));
  g_assert_null (thing->thing);
  g_assert_null (thing->label);
}

static void
test_json (void)
{
  g_autoptr (TestThing) thing = g_object_new (test_thing_get_type (), NULL);
  g_autoptr (TestThing) back = g_object_new (test_thing_get_type (), NULL);
  g_autoptr (TestThing) fresh = g_object_new (test_thing_get_type (), NULL);
  g_autoptr (JsonObject) json = json_object_new ();
  g_autoptr (JsonObject) empty = json_object_new ();
  g_autoptr (JsonObject) bad = json_object_new ();
  g_autoptr (GError) error = NULL;

  g_object_set (thing, "count", -2, "flag", TRUE, "label", "Kim", NULL);
  tkr_fields_to_json (G_OBJECT (thing), test_thing_get_type (), json);
  g_assert_false (json_object_has_member (json, "thing"));
  g_assert_true (tkr_fields_from_json (G_OBJECT (back), test_thing_get_type (), json, "x", &error));
  g_assert_no_error (error);
  g_assert_cmpint (back->count, ==, -2);
  g_assert_true (back->flag);
  g_assert_cmpstr (back->label, ==, "Kim");

  /* A missing member is the field's default. */
  g_assert_true (
    tkr_fields_from_json (G_OBJECT (fresh), test_thing_get_type (), empty, "x", &error));
  g_assert_cmpint (fresh->count, ==, 3);

  json_object_set_int_member (bad, "count", 51);
  g_assert_false (
    tkr_fields_from_json (G_OBJECT (fresh), test_thing_get_type (), bad, "x", &error));
  g_assert_error (error, TKR_FILE_ERROR, TKR_FILE_ERROR_INVALID);
  g_assert_true (strstr (error->message, "x.count") != NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fields/properties-notify-only-on-change", test_properties);
  g_test_add_func ("/fields/json-round-trip-defaults-refusals", test_json);
  return g_test_run ();
}
