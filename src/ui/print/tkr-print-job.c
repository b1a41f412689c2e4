/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include <glib/gi18n.h>

#include "tkr-d20-encounter.h"
#include "tkr-pf2e-encounter.h"
#include "tkr-print-job.h"
#include "tkr-print-preview.h"
#include "tkr-sheet-field-item.h"

/* Everything is measured in points (GTK_UNIT_POINTS): the print context's
 * Pango resolution is then 72 dpi, so a 10 pt font is 10 units tall. */

#define FONT_FAMILY "Cantarell,DejaVu Sans,sans-serif"
#define PAGE_MARGIN_MM 15.0
#define FOOTER_HEIGHT 22.0
#define SECTION_GAP 16.0
#define COLUMN_GAP 24.0
#define LABEL_WIDTH 78.0
#define MIN_LINES_AFTER_HEADING 28.0

#define CARD_GAP 12.0
#define CARD_PADDING 10.0
#define CARD_MIN_WIDTH 220.0
#define CARD_MIN_HEIGHT 160.0
#define CARD_MAX_COLUMNS 3
#define CARD_MAX_ROWS 4
#define CARD_LABEL_WIDTH 84.0
#define ORDER_BOX_SIZE 54.0
#define BEAT_BOX_SIZE 12.0

/* Grey levels of the ink, readable in black and white. */
#define INK 0.0
#define INK_SECONDARY 0.33
#define INK_RULE 0.55
#define INK_FAINT 0.82
#define INK_FILL 0.6

G_DEFINE_ENUM_TYPE (TkrPrintKind,
                    tkr_print_kind,
                    G_DEFINE_ENUM_VALUE (TKR_PRINT_CHARACTER_SHEET, "character-sheet"),
                    G_DEFINE_ENUM_VALUE (TKR_PRINT_INITIATIVE_CARDS, "initiative-cards"),
                    G_DEFINE_ENUM_VALUE (TKR_PRINT_ZONE_CARDS, "zone-cards"))

/* Text styles */

typedef enum
{
  TEXT_BODY,
  TEXT_ITALIC,
  TEXT_SMALL,
  TEXT_LABEL,
  TEXT_SUBHEADING,
  TEXT_HEADING,
  TEXT_TITLE,
  TEXT_VALUE,
  TEXT_BIG,
} TextStyle;

static const struct
{
  double size;
  PangoWeight weight;
  PangoStyle style;
} text_styles[] = {
  [TEXT_BODY] = { 10, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL },
  [TEXT_ITALIC] = { 10, PANGO_WEIGHT_NORMAL, PANGO_STYLE_ITALIC },
  [TEXT_SMALL] = { 8, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL },
  [TEXT_LABEL] = { 9, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [TEXT_SUBHEADING] = { 11.5, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [TEXT_HEADING] = { 13, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [TEXT_TITLE] = { 22, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [TEXT_VALUE] = { 15, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
  [TEXT_BIG] = { 24, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL },
};

/* A layout of @markup in @style, wrapped at @width points (unwrapped when
 * @width <= 0). */
static PangoLayout *
new_layout (GtkPrintContext *context,
            TextStyle style,
            const char *markup,
            double width,
            PangoAlignment alignment)
{
  PangoLayout *layout = gtk_print_context_create_pango_layout (context);
  g_autoptr (PangoFontDescription) font = pango_font_description_new ();

  pango_font_description_set_family (font, FONT_FAMILY);
  pango_font_description_set_size (font, (int) (text_styles[style].size * PANGO_SCALE));
  pango_font_description_set_weight (font, text_styles[style].weight);
  pango_font_description_set_style (font, text_styles[style].style);
  pango_layout_set_font_description (layout, font);
  if (width > 0)
    {
      pango_layout_set_width (layout, pango_units_from_double (width));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_alignment (layout, alignment);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

static PangoLayout *
new_text_layout (GtkPrintContext *context,
                 TextStyle style,
                 const char *text,
                 double width,
                 PangoAlignment alignment)
{
  g_autofree char *markup = g_markup_escape_text (text ? text : "", -1);

  return new_layout (context, style, markup, width, alignment);
}

static double
layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return pango_units_to_double (height);
}

static double
layout_width (PangoLayout *layout)
{
  int width;

  pango_layout_get_size (layout, &width, NULL);
  return pango_units_to_double (width);
}

static double
layout_baseline (PangoLayout *layout)
{
  return pango_units_to_double (pango_layout_get_baseline (layout));
}

static void
set_ink (cairo_t *cr, double grey)
{
  cairo_set_source_rgb (cr, grey, grey, grey);
}

static void
show_layout (cairo_t *cr, PangoLayout *layout, double x, double y, double grey)
{
  set_ink (cr, grey);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
stroke_rectangle (cairo_t *cr, double x, double y, double width, double height, double line_width)
{
  set_ink (cr, INK);
  cairo_set_line_width (cr, line_width);
  cairo_rectangle (cr, x, y, width, height);
  cairo_stroke (cr);
}

static void
draw_line (cairo_t *cr, double x1, double y1, double x2, double y2, double grey, double line_width)
{
  set_ink (cr, grey);
  cairo_set_line_width (cr, line_width);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  cairo_stroke (cr);
}

static char *
format_modifier (int value)
{
  /* Translators: a save or skill modifier, signed, e.g. "+2" or "-1" */
  return g_strdup_printf (_ ("%+d"), value);
}

static const char *
display_name (const char *name)
{
  return name != NULL && *name != '\0' ? name : _ ("Unnamed");
}

/* Drawing operations of a flowed page (the character sheet) */

typedef enum
{
  OP_TEXT,
  OP_RECTANGLE,
  OP_LINE,
} OpKind;

typedef struct
{
  OpKind kind;
  /* OP_TEXT: where the top of the first shown line goes. OP_RECTANGLE: the
   * rectangle. OP_LINE: from (x, y) to (x + width, y + height). */
  double x, y, width, height;
  double grey;
  double line_width; /* OP_RECTANGLE: 0 fills it */
  PangoLayout *layout;
  /* OP_TEXT: the lines shown on this page, so a long paragraph continues
   * on the next one; @top is the layout y (Pango units) of the first. */
  int first_line;
  int n_lines;
  int top;
} Op;

static void
op_clear (gpointer data)
{
  Op *op = data;

  g_clear_object (&op->layout);
}

static void
draw_op (cairo_t *cr, const Op *op)
{
  switch (op->kind)
    {
    case OP_TEXT:
      {
        PangoLayoutIter *iter = pango_layout_get_iter (op->layout);
        int index = 0;

        set_ink (cr, op->grey);
        do
          {
            if (index >= op->first_line)
              {
                PangoRectangle logical;
                int baseline = pango_layout_iter_get_baseline (iter);

                pango_layout_iter_get_line_extents (iter, NULL, &logical);
                cairo_move_to (cr, op->x + pango_units_to_double (logical.x),
                               op->y + pango_units_to_double (baseline - op->top));
                pango_cairo_show_layout_line (cr, pango_layout_iter_get_line_readonly (iter));
              }
            index++;
          }
        while (index < op->first_line + op->n_lines && pango_layout_iter_next_line (iter));
        pango_layout_iter_free (iter);
      }
      break;

    case OP_RECTANGLE:
      set_ink (cr, op->grey);
      cairo_rectangle (cr, op->x, op->y, op->width, op->height);
      if (op->line_width > 0)
        {
          cairo_set_line_width (cr, op->line_width);
          cairo_stroke (cr);
        }
      else
        cairo_fill (cr);
      break;

    case OP_LINE:
      draw_line (cr, op->x, op->y, op->x + op->width, op->y + op->height, op->grey, op->line_width);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* The job */

typedef struct
{
  char *label;
  char *value;
} CardRow;

typedef struct
{
  char *title;
  char *tag;
  GArray *rows; /* CardRow */
  char *body;
  gboolean initiative; /* order box and Beat boxes */
  int position;        /* in the turn order; 0 leaves the box blank */
} Card;

struct _TkrPrintJob
{
  GObject parent_instance;

  TkrPrintKind kind;
  TkrCampaign *campaign;
  TkrCharacter *character;
  char *document_title;

  /* Set in begin-print, dropped in end-print. */
  GPtrArray *pages; /* the sheet: GArray of Op per page */
  GPtrArray *cards; /* Card */
  int columns;
  int rows;
  double width;
  double height;

  int n_pages;
};

G_DEFINE_FINAL_TYPE (TkrPrintJob, tkr_print_job, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_CAMPAIGN,
  PROP_CHARACTER,
  PROP_DOCUMENT_TITLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The settings of the last print, so the next dialog starts from the same
 * printer and paper. */
static GtkPrintSettings *last_settings;
static GtkPageSetup *last_page_setup;

static TkrRules *
get_rules (TkrPrintJob *self)
{
  return tkr_campaign_get_rules (self->campaign);
}

static void
card_row_clear (gpointer data)
{
  CardRow *row = data;

  g_free (row->label);
  g_free (row->value);
}

static Card *
card_new (const char *title, const char *tag)
{
  Card *card = g_new0 (Card, 1);

  card->title = g_strdup (display_name (title));
  card->tag = g_strdup (tag);
  card->rows = g_array_new (FALSE, TRUE, sizeof (CardRow));
  g_array_set_clear_func (card->rows, card_row_clear);
  return card;
}

static void
card_free (gpointer data)
{
  Card *card = data;

  g_free (card->title);
  g_free (card->tag);
  g_array_unref (card->rows);
  g_free (card->body);
  g_free (card);
}

/* Takes @value. */
static void
card_add_row (Card *card, const char *label, char *value)
{
  CardRow row = { g_strdup (label), value };

  g_array_append_val (card->rows, row);
}

/* Flowing the character sheet */

typedef struct
{
  TkrPrintJob *self;
  GtkPrintContext *context;
  double width;
  double height; /* above the footer */
  double y;
  GArray *page;
} Flow;

static void
flow_new_page (Flow *flow)
{
  flow->page = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (flow->page, op_clear);
  g_ptr_array_add (flow->self->pages, flow->page);
  flow->y = 0;
}

/* Starts a new page unless @height more points fit on this one. */
static void
flow_need (Flow *flow, double height)
{
  if (flow->y > 0 && flow->y + height > flow->height)
    flow_new_page (flow);
}

static void
flow_add_text (Flow *flow, PangoLayout *layout, double x, double y, double grey)
{
  Op op = { OP_TEXT, x, y, 0, 0, grey, 0, g_object_ref (layout), 0, G_MAXINT, 0 };

  g_array_append_val (flow->page, op);
}

static void
flow_add_line (Flow *flow, double x, double y, double width, double grey, double line_width)
{
  Op op = { OP_LINE, x, y, width, 0, grey, line_width, NULL, 0, 0, 0 };

  g_array_append_val (flow->page, op);
}

static void
flow_add_rectangle (
  Flow *flow, double x, double y, double width, double height, double grey, double line_width)
{
  Op op = { OP_RECTANGLE, x, y, width, height, grey, line_width, NULL, 0, 0, 0 };

  g_array_append_val (flow->page, op);
}

/* Places @layout at @x from the current position, line by line: what does
 * not fit continues at the top of the next page. */
static void
flow_paragraph (Flow *flow, PangoLayout *layout, double x, double grey)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  int index = 0, first = 0, top = -1, bottom = 0;
  gboolean continued = FALSE;

  do
    {
      int y0, y1;

      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      if (top < 0)
        top = y0;
      if (flow->y + pango_units_to_double (y1 - top) > flow->height &&
          (index > first || flow->y > 0))
        {
          if (index > first)
            {
              Op op = { OP_TEXT,       x,  flow->y, 0, 0, grey, 0, g_object_ref (layout), first,
                        index - first, top };

              g_array_append_val (flow->page, op);
            }
          flow_new_page (flow);
          first = index;
          top = y0;
          continued = TRUE;
        }
      /* A continued page starts with text, not with the gap between two
       * paragraphs. */
      if (continued && index == first && pango_layout_iter_get_line_readonly (iter)->length == 0)
        {
          first = index + 1;
          top = y1;
        }
      bottom = y1;
      index++;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);

  if (index > first)
    {
      Op op = {
        OP_TEXT, x, flow->y, 0, 0, grey, 0, g_object_ref (layout), first, index - first, top
      };

      g_array_append_val (flow->page, op);
    }
  flow->y += pango_units_to_double (bottom - top);
}

static void
flow_text (Flow *flow, TextStyle style, const char *text, double x, double grey)
{
  g_autoptr (PangoLayout) layout =
    new_text_layout (flow->context, style, text, flow->width - x, PANGO_ALIGN_LEFT);

  flow_paragraph (flow, layout, x, grey);
}

/* A section title with a rule under it, kept with what follows. */
static void
flow_heading (Flow *flow, const char *title)
{
  g_autoptr (PangoLayout) layout =
    new_text_layout (flow->context, TEXT_HEADING, title, flow->width, PANGO_ALIGN_LEFT);
  double height = layout_height (layout);

  flow_need (flow, SECTION_GAP + height + 6 + MIN_LINES_AFTER_HEADING);
  if (flow->y > 0)
    flow->y += SECTION_GAP;
  flow_add_text (flow, layout, 0, flow->y, INK);
  flow->y += height + 2;
  flow_add_line (flow, 0, flow->y, flow->width, INK, 0.75);
  flow->y += 6;
}

/* "Label   value" with the value wrapping in its own column and, when
 * long, continuing on the next page. */
static void
flow_field (Flow *flow, double indent, const char *label, const char *value, TextStyle style)
{
  g_autoptr (PangoLayout) label_layout =
    new_text_layout (flow->context, TEXT_LABEL, label, LABEL_WIDTH - indent - 6, PANGO_ALIGN_LEFT);
  g_autoptr (PangoLayout) value_layout =
    new_text_layout (flow->context, style, value, flow->width - LABEL_WIDTH, PANGO_ALIGN_LEFT);
  double first_line = layout_baseline (value_layout) + 4;
  double label_y, label_bottom;
  GArray *label_page;

  flow_need (flow, MAX (first_line, layout_height (label_layout)));
  /* Baselines of the label and the first line of the value agree. */
  label_y = flow->y + layout_baseline (value_layout) - layout_baseline (label_layout);
  label_bottom = label_y + layout_height (label_layout);
  label_page = flow->page;
  flow_add_text (flow, label_layout, indent, label_y, INK);
  flow_paragraph (flow, value_layout, LABEL_WIDTH, INK);
  /* A label longer than its value (a translation, say) wraps below it. */
  if (flow->page == label_page)
    flow->y = MAX (flow->y, label_bottom);
  flow->y += 3;
}

typedef struct
{
  double x;
  double width;
  TextStyle style;
  PangoAlignment alignment;
  double grey;
  const char *text;
} Cell;

/* One row of a table, kept on one page, with a faint rule under it. */
static void
flow_row (Flow *flow, const Cell *cells, guint n_cells, double rule_x, double rule_width)
{
  g_autoptr (GPtrArray) layouts = g_ptr_array_new_with_free_func (g_object_unref);
  double height = 0, baseline = 0;

  for (guint i = 0; i < n_cells; i++)
    {
      PangoLayout *layout = new_text_layout (flow->context, cells[i].style, cells[i].text,
                                             cells[i].width, cells[i].alignment);

      g_ptr_array_add (layouts, layout);
      baseline = MAX (baseline, layout_baseline (layout));
    }
  for (guint i = 0; i < n_cells; i++)
    {
      PangoLayout *layout = layouts->pdata[i];

      height = MAX (height, baseline - layout_baseline (layout) + layout_height (layout));
    }

  flow_need (flow, height + 4);
  for (guint i = 0; i < n_cells; i++)
    {
      PangoLayout *layout = layouts->pdata[i];

      flow_add_text (flow, layout, cells[i].x, flow->y + 1 + baseline - layout_baseline (layout),
                     cells[i].grey);
    }
  flow->y += height + 3;
  if (rule_width > 0)
    flow_add_line (flow, rule_x, flow->y, rule_width, INK_FAINT, 0.5);
  flow->y += 2;
}

/* A labelled box with a big value, as on a paper sheet. Returns its
 * height. */
static double
flow_stat_box (
  Flow *flow, double x, double width, const char *label, const char *value, gboolean draw)
{
  g_autoptr (PangoLayout) label_layout =
    new_text_layout (flow->context, TEXT_SMALL, label, width - 12, PANGO_ALIGN_LEFT);
  g_autoptr (PangoLayout) value_layout =
    new_text_layout (flow->context, TEXT_VALUE, value, width - 12, PANGO_ALIGN_LEFT);
  double height = 5 + layout_height (label_layout) + 1 + layout_height (value_layout) + 5;

  if (draw)
    {
      flow_add_rectangle (flow, x, flow->y, width, height, INK, 0.75);
      flow_add_text (flow, label_layout, x + 6, flow->y + 5, INK_SECONDARY);
      flow_add_text (flow, value_layout, x + 6, flow->y + 6 + layout_height (label_layout), INK);
    }
  return height;
}

/* Sheet sections */

/* A sheet prints as its own system's sheet: the character's
 * own rules when this version has them, else the campaign's. */
static TkrRules *
sheet_rules (Flow *flow, TkrCharacter *character)
{
  TkrRules *own = tkr_character_get_own_rules (character);

  return own != NULL ? own : get_rules (flow->self);
}

/* A save or skill prints when it is this system's or nobody's (one the
 * player added), as the sheet shows it. */
static gboolean
prints_modifier (TkrRules *rules, TkrModifier *modifier)
{
  const char *const *systems = tkr_tracker_get_rule_systems ();
  const char *name = tkr_modifier_get_name (modifier);
  TkrModifierKind kind = tkr_modifier_get_kind (modifier);

  if (kind == TKR_MODIFIER_KIND_ARCHETYPE ||
      (kind == TKR_MODIFIER_KIND_SAVE ? tkr_rules_has_save (rules, name)
                                      : tkr_rules_has_skill (rules, name)))
    return TRUE;
  for (guint i = 0; systems[i] != NULL; i++)
    {
      TkrRules *other = tkr_character_lookup_rules (systems[i]);

      if (other != NULL && other != rules &&
          (kind == TKR_MODIFIER_KIND_SAVE ? tkr_rules_has_save (other, name)
                                          : tkr_rules_has_skill (other, name)))
        return FALSE;
    }
  return TRUE;
}

static void
sheet_header (Flow *flow, TkrCharacter *character)
{
  TkrRules *rules = sheet_rules (flow, character);
  const char *player = tkr_character_get_player (character);
  const char *system = tkr_character_get_rule_system (character);
  g_autoptr (GString) subtitle = g_string_new (NULL);
  g_autoptr (PangoLayout) title = NULL;
  g_autoptr (PangoLayout) subtitle_layout = NULL;

  title =
    new_text_layout (flow->context, TEXT_TITLE, display_name (tkr_character_get_name (character)),
                     flow->width, PANGO_ALIGN_LEFT);
  flow_add_text (flow, title, 0, flow->y, INK);
  flow->y += layout_height (title) + 2;

  g_string_append (subtitle, tkr_character_is_pc (character) ? _ ("Player Character")
                                                             : _ ("Non-Player Character"));
  if (player != NULL && *player != '\0')
    {
      /* Translators: separates parts of the sheet's subtitle */
      g_string_append (subtitle, _ (" · "));
      /* Translators: on a printed sheet, under the character's name */
      g_string_append_printf (subtitle, _ ("Player: %s"), player);
    }
  if (system != NULL && *system != '\0')
    {
      g_string_append (subtitle, _ (" · "));
      g_string_append (subtitle, g_strcmp0 (system, tkr_rules_get_id (rules)) == 0
                                   ? tkr_rules_translate (tkr_rules_get_name (rules))
                                   : system);
    }
  subtitle_layout =
    new_text_layout (flow->context, TEXT_BODY, subtitle->str, flow->width, PANGO_ALIGN_LEFT);
  flow_add_text (flow, subtitle_layout, 0, flow->y, INK_SECONDARY);
  flow->y += layout_height (subtitle_layout) + 6;
  flow_add_line (flow, 0, flow->y, flow->width, INK, 1.5);
  flow->y += 2;
}

static void
sheet_experience (Flow *flow, TkrCharacter *character)
{
  TkrRules *rules = sheet_rules (flow, character);
  int per_level = MAX (1, tkr_rules_get_xp_per_level (rules));
  int experience = tkr_character_get_experience (character);
  int available = tkr_character_get_level_ups_available (character, rules);
  g_autofree char *level = g_strdup_printf ("%d", tkr_character_get_level (character));
  /* Translators: experience points on a printed sheet */
  g_autofree char *xp =
    g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d XP", "%d XP", experience), experience);
  g_autofree char *progress = NULL;
  g_autoptr (PangoLayout) caption = NULL;
  double box_width = 84, height, bar_x, bar_width, fraction;

  if (available > 0)
    progress = g_strdup_printf (
      ngettext ("%d Level Up available", "%d Level Ups available", available), available);
  else
    /* Translators: XP gathered toward the next Level Up, then XP needed */
    progress = g_strdup_printf (_ ("%d of %d XP toward the next Level Up"), experience % per_level,
                                per_level);

  flow_heading (flow, _ ("Experience and Level"));
  height = flow_stat_box (flow, 0, box_width, _ ("Level"), level, FALSE);
  flow_need (flow, height);
  flow_stat_box (flow, 0, box_width, _ ("Level"), level, TRUE);
  flow_stat_box (flow, box_width + 10, box_width + 16, _ ("Experience"), xp, TRUE);

  bar_x = 2 * box_width + 16 + 24;
  bar_width = flow->width - bar_x;
  caption = new_text_layout (flow->context, TEXT_BODY, progress, bar_width, PANGO_ALIGN_LEFT);
  flow_add_text (flow, caption, bar_x, flow->y + 6, INK);
  fraction = available > 0 ? 1.0 : (double) (experience % per_level) / per_level;
  flow_add_rectangle (flow, bar_x, flow->y + height - 17, bar_width * fraction, 12, INK_FILL, 0);
  flow_add_rectangle (flow, bar_x, flow->y + height - 17, bar_width, 12, INK, 0.75);
  flow->y += height;
}

static void
sheet_pools (Flow *flow, TkrCharacter *character)
{
  TkrRules *rules = sheet_rules (flow, character);
  GListModel *all = tkr_character_get_pools (character);
  g_autoptr (GListStore) pools = g_list_store_new (TKR_TYPE_POOL);
  guint n;
  double gap = 10, width = (flow->width - 2 * gap) / 3;

  /* The pools this system's sheet shows, under its names for them. */
  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    if (tkr_rules_sheet_shows_pool (rules, i))
      {
        g_autoptr (TkrPool) pool = g_list_model_get_item (all, i);
        g_list_store_append (pools, pool);
      }
  n = g_list_model_get_n_items (G_LIST_MODEL (pools));
  if (n == 0)
    return;

  flow_heading (flow, _ ("Pools"));
  for (guint i = 0; i < n; i += 3)
    {
      double height = 0;

      for (guint pass = 0; pass < 2; pass++)
        {
          if (pass == 1)
            flow_need (flow, height);
          for (guint j = i; j < MIN (n, i + 3); j++)
            {
              g_autoptr (TkrPool) pool = g_list_model_get_item (G_LIST_MODEL (pools), j);
              TkrPoolKind kind = TKR_POOL_HEALTH;
              /* Translators: a pool's current value and maximum, e.g. "7 / 10" */
              g_autofree char *value = g_strdup_printf (_ ("%d / %d"), tkr_pool_get_current (pool),
                                                        tkr_pool_get_maximum (pool));
              double box;

              for (guint k = 0; k < TKR_N_POOLS; k++)
                if (tkr_character_get_pool (character, k) == pool)
                  kind = k;
              box = flow_stat_box (flow, (j - i) * (width + gap), width,
                                   tkr_rules_get_pool_name (rules, kind), value, pass == 1);

              height = MAX (height, box);
            }
        }
      flow->y += height + (i + 3 < n ? gap : 0);
    }
}

typedef struct
{
  const char *title;
  GPtrArray *names;
  GPtrArray *values;
} Column;

static void
column_init (Column *column, const char *title)
{
  column->title = title;
  column->names = g_ptr_array_new_with_free_func (g_free);
  column->values = g_ptr_array_new_with_free_func (g_free);
}

static void
column_clear (Column *column)
{
  g_ptr_array_unref (column->names);
  g_ptr_array_unref (column->values);
}

/* With @rules, only the modifiers its sheet shows, each with its
 * proficiency rank when the system has ranks ("+7 Trained"). */
static void
column_add_modifiers (Column *column,
                      GListModel *modifiers,
                      gboolean signed_value,
                      TkrRules *rules,
                      TkrCharacter *character)
{
  const char *const *ranks = rules != NULL ? tkr_rules_get_ranks (rules) : NULL;

  for (guint i = 0; i < g_list_model_get_n_items (modifiers); i++)
    {
      g_autoptr (TkrModifier) modifier = g_list_model_get_item (modifiers, i);
      int value = tkr_modifier_get_value (modifier);
      char *text;

      if (rules != NULL && !prints_modifier (rules, modifier))
        continue;
      g_ptr_array_add (column->names, g_strdup (tkr_rules_translate (
                                        display_name (tkr_modifier_get_name (modifier)))));
      text = signed_value ? format_modifier (value) : g_strdup_printf ("%d", value);
      if (ranks != NULL && tkr_modifier_get_kind (modifier) != TKR_MODIFIER_KIND_ARCHETYPE)
        {
          int rank = tkr_character_get_rank (character, tkr_modifier_get_name (modifier));
          char *ranked;

          rank = CLAMP (rank, 0, (int) g_strv_length ((GStrv) ranks) - 1);
          /* Translators: a modifier and its proficiency rank, "+7 Trained" */
          ranked = g_strdup_printf (_ ("%s %s"), text, tkr_rules_translate (ranks[rank]));
          g_free (text);
          text = ranked;
        }
      g_ptr_array_add (column->values, text);
    }
}

/* Two lists side by side, each under its own title, row by row. */
static void
flow_columns (Flow *flow, Column *left, Column *right)
{
  Column *columns[] = { left, right };
  double column_width = (flow->width - COLUMN_GAP) / 2, value_width = 64;
  guint n_rows = MAX (left->names->len, right->names->len);
  double height = 0;

  for (guint c = 0; c < 2; c++)
    {
      g_autoptr (PangoLayout) layout =
        new_text_layout (flow->context, TEXT_SUBHEADING, columns[c]->title ? columns[c]->title : "",
                         column_width, PANGO_ALIGN_LEFT);

      height = MAX (height, layout_height (layout));
    }
  flow_need (flow, SECTION_GAP + height + 4 + MIN_LINES_AFTER_HEADING);
  if (flow->y > 0)
    flow->y += SECTION_GAP;
  for (guint c = 0; c < 2; c++)
    {
      double x = c * (column_width + COLUMN_GAP);
      g_autoptr (PangoLayout) layout = NULL;

      /* A column without a title is one the system's sheet does not have. */
      if (columns[c]->title == NULL)
        continue;
      layout = new_text_layout (flow->context, TEXT_SUBHEADING, columns[c]->title, column_width,
                                PANGO_ALIGN_LEFT);
      flow_add_text (flow, layout, x, flow->y, INK);
      flow_add_line (flow, x, flow->y + height + 2, column_width, INK, 0.75);
    }
  flow->y += height + 6;

  for (guint i = 0; i < MAX (n_rows, 1); i++)
    {
      Cell cells[4];
      guint n_cells = 0;

      for (guint c = 0; c < 2; c++)
        {
          double x = c * (column_width + COLUMN_GAP);

          if (i < columns[c]->names->len)
            {
              cells[n_cells++] =
                (Cell){ x,   column_width - value_width, TEXT_BODY, PANGO_ALIGN_LEFT,
                        INK, columns[c]->names->pdata[i] };
              cells[n_cells++] = (Cell){
                x + column_width - value_width, value_width, TEXT_LABEL, PANGO_ALIGN_RIGHT, INK,
                columns[c]->values->pdata[i]
              };
            }
          else if (i == 0 && columns[c]->title != NULL)
            cells[n_cells++] =
              (Cell){ x, column_width, TEXT_ITALIC, PANGO_ALIGN_LEFT, INK_SECONDARY, _ ("None") };
        }
      flow_row (flow, cells, n_cells, 0, 0);
      for (guint c = 0; c < 2; c++)
        if (i < columns[c]->names->len)
          flow_add_line (flow, c * (column_width + COLUMN_GAP), flow->y - 2, column_width,
                         INK_FAINT, 0.5);
    }
}

static void
sheet_saves_and_skills (Flow *flow, TkrCharacter *character)
{
  Column saves, skills;

  column_init (&saves, _ ("Saves"));
  column_init (&skills, _ ("Skills"));
  column_add_modifiers (&saves, tkr_character_get_saves (character), TRUE,
                        sheet_rules (flow, character), character);
  column_add_modifiers (&skills, tkr_character_get_skills (character), TRUE,
                        sheet_rules (flow, character), character);
  flow_columns (flow, &saves, &skills);
  column_clear (&saves);
  column_clear (&skills);
}

static void
sheet_archetypes_and_ranges (Flow *flow, TkrCharacter *character)
{
  GListModel *ranges = tkr_character_get_movement_ranges (character);
  Column archetypes, movement;

  TkrRules *rules = sheet_rules (flow, character);
  gboolean shows_archetypes = tkr_rules_sheet_shows (rules, "archetypes");
  gboolean shows_ranges = tkr_rules_sheet_shows (rules, "ranges");

  if (!shows_archetypes && !shows_ranges)
    return;
  column_init (&archetypes, shows_archetypes ? _ ("Archetype Levels") : NULL);
  column_init (&movement, shows_ranges ? _ ("Movement Ranges") : NULL);
  if (shows_archetypes)
    column_add_modifiers (&archetypes, tkr_character_get_archetypes (character), FALSE, NULL,
                          character);
  for (guint i = 0; shows_ranges && i < g_list_model_get_n_items (ranges); i++)
    {
      g_autoptr (TkrMovementRange) range = g_list_model_get_item (ranges, i);
      int units = tkr_movement_range_get_units (range);

      g_ptr_array_add (movement.names, g_strdup (tkr_rules_translate (
                                         display_name (tkr_movement_range_get_name (range)))));
      g_ptr_array_add (movement.values,
                       g_strdup_printf (ngettext ("%d unit", "%d units", units), units));
    }
  flow_columns (flow, &archetypes, &movement);
  column_clear (&archetypes);
  column_clear (&movement);
}

static void
sheet_ability (Flow *flow, TkrAbility *ability, gboolean first)
{
  /* The Ability block's fields in the order of the SRD's blocks. */
  static const struct
  {
    const char *property;
    const char *label;
    double indent;
  } fields[] = {
    { "target", N_ ("Target"), 0 },         { "trigger", N_ ("Trigger"), 0 },
    { "requirements", N_ ("Requires"), 0 }, { "test-skill", N_ ("Test"), 0 },
    { "on-low", N_ ("Low"), 12 },           { "on-mixed", N_ ("Mixed"), 12 },
    { "on-high", N_ ("High"), 12 },         { "effect", N_ ("Effect"), 0 },
  };
  int beats = tkr_ability_get_beats (ability);
  g_autofree char *beats_text = g_strdup_printf (ngettext ("%d Beat", "%d Beats", beats), beats);
  /* Translators: an Ability's Time and Beat cost, e.g. "Action · 1 Beat" */
  g_autofree char *cost = g_strdup_printf (
    _ ("%s · %s"), tkr_ability_time_to_string (tkr_ability_get_time (ability)), beats_text);
  g_autofree char *description = NULL;
  double cost_width = 150;
  Cell header[] = {
    { 0, flow->width - cost_width - 8, TEXT_SUBHEADING, PANGO_ALIGN_LEFT, INK,
      display_name (tkr_ability_get_name (ability)) },
    { flow->width - cost_width, cost_width, TEXT_BODY, PANGO_ALIGN_RIGHT, INK_SECONDARY, cost },
  };

  /* The name, its cost and a line or two stay together. */
  flow_need (flow, 60);
  if (!first)
    flow->y += 8;
  flow_row (flow, header, G_N_ELEMENTS (header), 0, flow->width);
  flow->y += 2;

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *value = NULL;

      g_object_get (ability, fields[i].property, &value, NULL);
      if (value != NULL && *value != '\0')
        flow_field (flow, fields[i].indent, _ (fields[i].label), value, TEXT_BODY);
    }

  g_object_get (ability, "description", &description, NULL);
  if (description != NULL && *description != '\0')
    {
      flow->y += 2;
      flow_text (flow, TEXT_ITALIC, description, 0, INK);
    }
}

static void
sheet_abilities (Flow *flow, TkrCharacter *character)
{
  GListModel *abilities = tkr_character_get_abilities (character);
  guint n = g_list_model_get_n_items (abilities);

  if (n == 0)
    return;

  flow_heading (flow, _ ("Abilities"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrAbility) ability = g_list_model_get_item (abilities, i);

      sheet_ability (flow, ability, i == 0);
    }
}

static void
sheet_conditions (Flow *flow, TkrCharacter *character)
{
  GListModel *conditions = tkr_character_get_conditions (character);
  guint n = g_list_model_get_n_items (conditions);
  double kind_width = flow->width * 0.36, stacks_width = flow->width * 0.2;

  if (n == 0)
    return;

  flow_heading (flow, _ ("Conditions"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrCondition) condition = g_list_model_get_item (conditions, i);
      int max_stacks = tkr_condition_get_max_stacks (condition);
      const char *kind;
      g_autofree char *stacks = NULL;

      if (tkr_condition_get_kind (condition) == TKR_CONDITION_KIND_FLEETING)
        kind = _ ("Fleeting");
      else if (tkr_condition_get_episode_only (condition))
        kind = _ ("Persistent, until the Episode ends");
      else
        kind = _ ("Persistent");
      stacks = g_strdup_printf (ngettext ("%d of %d stack", "%d of %d stacks", max_stacks),
                                tkr_condition_get_stacks (condition), max_stacks);

      {
        Cell cells[] = {
          { 0, flow->width - kind_width - stacks_width - 16, TEXT_LABEL, PANGO_ALIGN_LEFT, INK,
            tkr_rules_translate (display_name (tkr_condition_get_name (condition))) },
          { flow->width - kind_width - stacks_width - 8, kind_width, TEXT_BODY, PANGO_ALIGN_LEFT,
            INK_SECONDARY, kind },
          { flow->width - stacks_width, stacks_width, TEXT_BODY, PANGO_ALIGN_RIGHT, INK, stacks },
        };

        flow_row (flow, cells, G_N_ELEMENTS (cells), 0, flow->width);
      }
    }
}

static void
sheet_inventory (Flow *flow, TkrCharacter *character)
{
  GListModel *inventory = tkr_character_get_inventory (character);
  guint n = g_list_model_get_n_items (inventory);
  g_autofree char *wealth = g_strdup_printf ("%d", tkr_character_get_wealth (character));
  double quantity_width = 70;

  TkrRules *rules = sheet_rules (flow, character);

  if (!tkr_rules_sheet_shows (rules, "wealth"))
    {
      if (n == 0 || !tkr_rules_sheet_shows (rules, "inventory"))
        return;
      flow_heading (flow, _ ("Inventory"));
    }
  else
    {
      flow_heading (flow, _ ("Inventory and Wealth"));
      flow_field (flow, 0, _ ("Wealth"), wealth, TEXT_LABEL);
      flow->y += 4;
    }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TkrItem) item = g_list_model_get_item (inventory, i);
      const char *notes = tkr_item_get_notes (item);
      /* Translators: how many of an inventory item, e.g. "× 3" */
      g_autofree char *quantity = g_strdup_printf (_ ("× %d"), tkr_item_get_quantity (item));
      Cell cells[] = {
        { 0, flow->width - quantity_width - 8, TEXT_BODY, PANGO_ALIGN_LEFT, INK,
          display_name (tkr_item_get_name (item)) },
        { flow->width - quantity_width, quantity_width, TEXT_LABEL, PANGO_ALIGN_RIGHT, INK,
          quantity },
      };

      if (notes != NULL && *notes != '\0')
        {
          g_autoptr (PangoLayout) name = new_text_layout (flow->context, TEXT_BODY, cells[0].text,
                                                          cells[0].width, PANGO_ALIGN_LEFT);

          /* The name and its notes start on the same page. */
          flow_need (flow, layout_height (name) + 16);
          flow_row (flow, cells, G_N_ELEMENTS (cells), 0, 0);
          flow->y -= 4;
          flow_text (flow, TEXT_SMALL, notes, 12, INK_SECONDARY);
          flow->y += 3;
          flow_add_line (flow, 0, flow->y, flow->width, INK_FAINT, 0.5);
          flow->y += 2;
        }
      else
        flow_row (flow, cells, G_N_ELEMENTS (cells), 0, flow->width);
    }
}

static void
sheet_notes (Flow *flow, TkrCharacter *character)
{
  const char *notes = tkr_character_get_notes (character);

  if (notes == NULL || *notes == '\0')
    return;

  flow_heading (flow, _ ("Notes"));
  flow_text (flow, TEXT_BODY, notes, 0, INK);
}

/* The system's own fields, section by section, every one of them. */
static void
sheet_fields (Flow *flow, TkrCharacter *character)
{
  TkrRules *rules = sheet_rules (flow, character);
  guint n_sections = tkr_rules_get_n_sheet_sections (rules);

  for (guint s = 0; s <= n_sections; s++)
    {
      const TkrSheetSectionInfo *section =
        s < n_sections ? tkr_rules_get_sheet_section (rules, s) : NULL;
      gboolean first = TRUE;

      for (guint i = 0; i < tkr_rules_get_n_sheet_fields (rules); i++)
        {
          const TkrSheetFieldInfo *info = tkr_rules_get_sheet_field (rules, i);
          gboolean in_section =
            section != NULL ? g_strcmp0 (info->section, section->id) == 0 : info->section == NULL;
          g_autofree char *value = NULL;

          if (!in_section)
            continue;
          if (first)
            flow_heading (flow, tkr_rules_translate (section != NULL ? section->name
                                                                     : tkr_rules_get_name (rules)));
          first = FALSE;
          value = tkr_sheet_field_format (info, character);
          flow_field (flow, 0, tkr_rules_translate (info->name), *value ? value : _ ("None"),
                      TEXT_BODY);
        }
    }
}

static void
paginate_sheet (TkrPrintJob *self, GtkPrintContext *context)
{
  Flow flow = { self, context, self->width, self->height - FOOTER_HEIGHT, 0, NULL };

  flow_new_page (&flow);
  TkrRules *rules = sheet_rules (&flow, self->character);

  sheet_header (&flow, self->character);
  if (tkr_rules_sheet_shows (rules, "level") || tkr_rules_sheet_shows (rules, "experience"))
    sheet_experience (&flow, self->character);
  if (tkr_rules_sheet_shows (rules, "pools"))
    sheet_pools (&flow, self->character);
  sheet_fields (&flow, self->character);
  sheet_saves_and_skills (&flow, self->character);
  sheet_archetypes_and_ranges (&flow, self->character);
  if (tkr_rules_sheet_shows (rules, "abilities"))
    sheet_abilities (&flow, self->character);
  if (tkr_rules_sheet_shows (rules, "conditions"))
    sheet_conditions (&flow, self->character);
  sheet_inventory (&flow, self->character);
  if (tkr_rules_sheet_shows (rules, "notes"))
    sheet_notes (&flow, self->character);

  self->n_pages = self->pages->len;
}

/* Cards */

static char *
format_ranges (TkrCharacter *character)
{
  /* Read, not handed out: a card leaves the statblock shared. */
  guint n = tkr_character_get_n_ranges (character);
  g_autoptr (GString) text = g_string_new (NULL);

  if (n == 0)
    return g_strdup (_ ("None"));

  for (guint i = 0; i < n; i++)
    {
      int units = 0;
      const char *name = tkr_character_get_range (character, i, &units);

      if (i > 0)
        /* Translators: separates Movement Ranges on an initiative card */
        g_string_append (text, _ (", "));
      /* Translators: a Movement Range and its units, e.g. "Walk 4" */
      g_string_append_printf (text, _ ("%s %d"), tkr_rules_translate (display_name (name)), units);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Whether @character fights hidden from the players (help/C/player-view.page):
 * cards go on the table, so a hidden combatant gets none. */
static gboolean
is_hidden (TkrPrintJob *self, TkrCharacter *character)
{
  TkrTracker *tracker = tkr_campaign_get_tracker (self->campaign);
  TkrCombatant *combatant = TKR_IS_ENCOUNTER (tracker)
                              ? tkr_encounter_find_combatant (TKR_ENCOUNTER (tracker), character)
                              : NULL;

  return combatant != NULL && tkr_combatant_get_hidden (combatant);
}

static void
add_initiative_card (TkrPrintJob *self, TkrCharacter *character, int position, const char *group)
{
  if (is_hidden (self, character))
    return;
  Card *card = card_new (tkr_character_get_name (character), tkr_character_is_pc (character)
                                                               ? C_ ("initiative card", "PC")
                                                               : C_ ("initiative card", "NPC"));

  /* Edge, Shield and Movement Ranges are the Kleptonomicon's; another
   * system's card keeps to what every sheet has. */
  gboolean kleptonomicon = tkr_campaign_get_klep_encounter (self->campaign) != NULL;

  card->initiative = TRUE;
  card->position = position;
  if (kleptonomicon)
    card_add_row (card, _ ("Edge Save"), format_modifier (tkr_character_get_edge_save (character)));
  card_add_row (card, _ ("Max Health"),
                g_strdup_printf ("%d", tkr_pool_get_maximum (
                                         tkr_character_get_pool (character, TKR_POOL_HEALTH))));
  if (kleptonomicon)
    {
      card_add_row (card, _ ("Max Shield"),
                    g_strdup_printf ("%d", tkr_pool_get_maximum (
                                             tkr_character_get_pool (character, TKR_POOL_SHIELD))));
      card_add_row (card, _ ("Movement"), format_ranges (character));
    }
  if (group != NULL)
    card_add_row (card, _ ("Group"), g_strdup (display_name (group)));
  g_ptr_array_add (self->cards, card);
}

static gboolean
is_in_order (GListModel *order, TkrCharacter *character)
{
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (TkrKlepTurnEntry) entry = g_list_model_get_item (order, i);

      if (tkr_klep_turn_entry_has_character (entry, character))
        return TRUE;
    }
  return FALSE;
}

/* The fixed initiative order of a Pathfinder 2e or d20 encounter, as
 * characters (transfer full); NULL for systems without one (the
 * Action-Point order changes every Round). */
static GPtrArray *
system_order (TkrTracker *tracker)
{
  GListModel *order = NULL;
  GPtrArray *characters;

  if (TKR_IS_PF2E_ENCOUNTER (tracker))
    order = tkr_encounter_get_order (TKR_ENCOUNTER (tracker));
  else if (TKR_IS_D20_ENCOUNTER (tracker))
    order = tkr_tracker_get_order (tracker);
  if (order == NULL || g_list_model_get_n_items (order) == 0)
    return NULL;

  characters = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < g_list_model_get_n_items (order); i++)
    {
      g_autoptr (GObject) combatant = g_list_model_get_item (order, i);
      TkrCharacter *character = tkr_combatant_get_character (TKR_COMBATANT (combatant));

      g_ptr_array_add (characters, g_object_ref (character));
    }
  return characters;
}

static void
collect_initiative_cards (TkrPrintJob *self)
{
  TkrKlepEncounter *encounter = tkr_campaign_get_klep_encounter (self->campaign);
  g_autoptr (GPtrArray) participants =
    tkr_tracker_list_participants (tkr_campaign_get_tracker (self->campaign));
  GListModel *order = encounter ? tkr_encounter_get_order (TKR_ENCOUNTER (encounter)) : NULL;
  TkrPhase phase = tkr_tracker_get_phase (tkr_campaign_get_tracker (self->campaign));
  gboolean ordered = order != NULL && (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED);

  if (participants->len == 0)
    {
      /* No encounter yet: cards for everyone the GM might bring in. */
      GListModel *lists[] = { tkr_campaign_get_party (self->campaign),
                              tkr_campaign_get_npcs (self->campaign) };

      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
          {
            g_autoptr (TkrCharacter) character = g_list_model_get_item (lists[l], i);

            add_initiative_card (self, character, 0, NULL);
          }
      return;
    }

  /* With an order, the cards come out in it, numbered, an NPC group's
   * members sharing its place (seed, "Turn Order"). */
  if (ordered)
    for (guint i = 0; i < g_list_model_get_n_items (order); i++)
      {
        g_autoptr (TkrKlepTurnEntry) entry = g_list_model_get_item (order, i);
        GListModel *members = tkr_klep_turn_entry_get_members (entry);
        gboolean group = tkr_klep_turn_entry_get_kind (entry) == TKR_KLEP_TURN_ENTRY_KIND_NPC_GROUP;

        for (guint j = 0; j < g_list_model_get_n_items (members); j++)
          {
            g_autoptr (TkrKlepCombatant) combatant = g_list_model_get_item (members, j);

            add_initiative_card (self, tkr_combatant_get_character (TKR_COMBATANT (combatant)),
                                 i + 1, group ? tkr_klep_turn_entry_get_name (entry) : NULL);
          }
      }

  /* Another system's fixed order numbers its cards the same way. */
  if (!ordered && (phase == TKR_PHASE_MAIN || phase == TKR_PHASE_PAUSED))
    {
      g_autoptr (GPtrArray) others = system_order (tkr_campaign_get_tracker (self->campaign));

      for (guint i = 0; others != NULL && i < others->len; i++)
        {
          add_initiative_card (self, g_ptr_array_index (others, i), i + 1, NULL);
          g_ptr_array_remove (participants, g_ptr_array_index (others, i));
        }
    }

  for (guint i = 0; i < participants->len; i++)
    {
      TkrCharacter *character = g_ptr_array_index (participants, i);

      if (!ordered || !is_in_order (order, character))
        add_initiative_card (self, character, 0, NULL);
    }
}

static void
collect_zone_cards (TkrPrintJob *self)
{
  TkrRules *rules = get_rules (self);
  TkrKlepEncounter *encounter = tkr_campaign_get_klep_encounter (self->campaign);
  GListModel *zones = encounter ? tkr_klep_encounter_get_zones (encounter) : NULL;

  for (guint i = 0; i < tkr_rules_get_n_zones (rules); i++)
    {
      const TkrZoneInfo *info = tkr_rules_get_zone (rules, i);
      Card *card = card_new (info->name, C_ ("zone card", "Zone"));

      card_add_row (
        card, _ ("Stacks"),
        g_strdup_printf (ngettext ("Up to %d", "Up to %d", info->max_stacks), info->max_stacks));
      card->body = g_strdup (info->description);
      g_ptr_array_add (self->cards, card);
    }

  for (guint i = 0; zones != NULL && i < g_list_model_get_n_items (zones); i++)
    {
      g_autoptr (TkrZone) zone = g_list_model_get_item (zones, i);
      const char *location = tkr_zone_get_location (zone);
      const char *description = tkr_zone_get_description (zone);
      int max_stacks = tkr_zone_get_max_stacks (zone);
      Card *card =
        card_new (tkr_rules_translate (tkr_zone_get_name (zone)), C_ ("zone card", "In Play"));

      if (location != NULL && *location != '\0')
        card_add_row (card, _ ("Location"), g_strdup (location));
      card_add_row (card, _ ("Stacks"),
                    g_strdup_printf (ngettext ("%d of %d", "%d of %d", max_stacks),
                                     tkr_zone_get_stacks (zone), max_stacks));
      if (description == NULL || *description == '\0')
        {
          const TkrZoneInfo *info = tkr_rules_lookup_zone (rules, tkr_zone_get_name (zone));

          description = info ? info->description : NULL;
        }
      card->body = g_strdup (description);
      g_ptr_array_add (self->cards, card);
    }
}

static void
paginate_cards (TkrPrintJob *self)
{
  double height = self->height - FOOTER_HEIGHT;
  int per_page;

  /* As many cards as fit at a size that holds their text: 2 × 4 on A4
   * and Letter, more columns on landscape paper. */
  self->columns =
    CLAMP ((int) ((self->width + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)), 1, CARD_MAX_COLUMNS);
  self->rows = CLAMP ((int) ((height + CARD_GAP) / (CARD_MIN_HEIGHT + CARD_GAP)), 1, CARD_MAX_ROWS);
  per_page = self->columns * self->rows;
  self->n_pages = MAX (1, ((int) self->cards->len + per_page - 1) / per_page);
}

static void
draw_card (
  TkrPrintJob *self, GtkPrintContext *context, cairo_t *cr, Card *card, double width, double height)
{
  double inner = width - 2 * CARD_PADDING;
  double right = card->initiative ? ORDER_BOX_SIZE + 10 : 0;
  double y, tag_width, tag_height, title_height, beats_top = height - CARD_PADDING;
  g_autoptr (PangoLayout) tag = NULL;
  g_autoptr (PangoLayout) title = NULL;

  stroke_rectangle (cr, 0, 0, width, height, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);

  tag = new_text_layout (context, TEXT_LABEL, card->tag, -1, PANGO_ALIGN_LEFT);
  tag_width = layout_width (tag) + 10;
  tag_height = layout_height (tag) + 4;
  title = new_text_layout (context, TEXT_SUBHEADING, card->title, inner - tag_width - 8,
                           PANGO_ALIGN_LEFT);
  pango_layout_set_ellipsize (title, PANGO_ELLIPSIZE_END);
  title_height = MAX (layout_height (title), tag_height);

  show_layout (cr, title, CARD_PADDING, CARD_PADDING + (title_height - layout_height (title)) / 2,
               INK);
  stroke_rectangle (cr, width - CARD_PADDING - tag_width,
                    CARD_PADDING + (title_height - tag_height) / 2, tag_width, tag_height, 0.75);
  show_layout (cr, tag, width - CARD_PADDING - tag_width + 5,
               CARD_PADDING + (title_height - tag_height) / 2 + 2, INK);
  y = CARD_PADDING + title_height + 5;
  draw_line (cr, CARD_PADDING, y, width - CARD_PADDING, y, INK_RULE, 0.75);
  y += 7;

  if (card->initiative)
    {
      int beats = tkr_rules_get_beats_per_round (get_rules (self));
      g_autoptr (PangoLayout) caption = new_text_layout (context, TEXT_SMALL, _ ("Turn Order"),
                                                         ORDER_BOX_SIZE + 10, PANGO_ALIGN_CENTER);
      g_autoptr (PangoLayout) beats_label =
        new_text_layout (context, TEXT_LABEL, _ ("Beats"), CARD_LABEL_WIDTH, PANGO_ALIGN_LEFT);
      double box_x = width - CARD_PADDING - ORDER_BOX_SIZE;

      /* The place in the turn order: printed once there is an order,
       * otherwise a box to write it in at the table. */
      show_layout (cr, caption, box_x - 5, y, INK_SECONDARY);
      stroke_rectangle (cr, box_x, y + layout_height (caption) + 2, ORDER_BOX_SIZE, ORDER_BOX_SIZE,
                        1.25);
      if (card->position > 0)
        {
          g_autofree char *number = g_strdup_printf ("%d", card->position);
          g_autoptr (PangoLayout) layout =
            new_text_layout (context, TEXT_BIG, number, ORDER_BOX_SIZE, PANGO_ALIGN_CENTER);

          show_layout (
            cr, layout, box_x,
            y + layout_height (caption) + 2 + (ORDER_BOX_SIZE - layout_height (layout)) / 2, INK);
        }

      /* Boxes to tick the Beats spent in a Round. */
      beats_top = height - CARD_PADDING - BEAT_BOX_SIZE;
      show_layout (cr, beats_label, CARD_PADDING,
                   beats_top + (BEAT_BOX_SIZE - layout_height (beats_label)) / 2, INK);
      for (int i = 0; i < beats; i++)
        stroke_rectangle (cr, CARD_PADDING + CARD_LABEL_WIDTH + i * (BEAT_BOX_SIZE + 6), beats_top,
                          BEAT_BOX_SIZE, BEAT_BOX_SIZE, 0.75);
      beats_top -= 6;
    }

  for (guint i = 0; i < card->rows->len; i++)
    {
      CardRow *row = &g_array_index (card->rows, CardRow, i);
      g_autoptr (PangoLayout) label =
        new_text_layout (context, TEXT_LABEL, row->label, CARD_LABEL_WIDTH - 6, PANGO_ALIGN_LEFT);
      g_autoptr (PangoLayout) value = new_text_layout (
        context, TEXT_BODY, row->value, inner - right - CARD_LABEL_WIDTH, PANGO_ALIGN_LEFT);
      double offset = layout_baseline (value) - layout_baseline (label);

      pango_layout_set_ellipsize (label, PANGO_ELLIPSIZE_END);
      pango_layout_set_ellipsize (value, PANGO_ELLIPSIZE_END);
      pango_layout_set_height (value, -2);
      if (y + layout_height (value) > beats_top)
        break;
      show_layout (cr, label, CARD_PADDING, y + offset, INK);
      show_layout (cr, value, CARD_PADDING + CARD_LABEL_WIDTH, y, INK);
      y += MAX (layout_height (value), layout_height (label) + offset) + 3;
    }

  if (card->body != NULL && *card->body != '\0' && beats_top - y > 12)
    {
      g_autoptr (PangoLayout) body =
        new_text_layout (context, TEXT_BODY, card->body, inner, PANGO_ALIGN_LEFT);

      y += 3;
      /* A long description ends in an ellipsis rather than leaving the card. */
      pango_layout_set_ellipsize (body, PANGO_ELLIPSIZE_END);
      pango_layout_set_height (body, pango_units_from_double (beats_top - y));
      show_layout (cr, body, CARD_PADDING, y, INK);
    }
}

static void
draw_cards_page (TkrPrintJob *self, GtkPrintContext *context, cairo_t *cr, int page_nr)
{
  int per_page = self->columns * self->rows;
  double height = self->height - FOOTER_HEIGHT;
  double card_width = (self->width - (self->columns - 1) * CARD_GAP) / self->columns;
  double card_height = (height - (self->rows - 1) * CARD_GAP) / self->rows;

  if (self->cards->len == 0)
    {
      g_autoptr (PangoLayout) layout = new_text_layout (context, TEXT_BODY,
                                                        self->kind == TKR_PRINT_ZONE_CARDS
                                                          ? _ ("There are no zones to print.")
                                                          : _ ("There are no characters to print."),
                                                        self->width, PANGO_ALIGN_LEFT);

      show_layout (cr, layout, 0, 0, INK);
      return;
    }

  for (int i = 0; i < per_page; i++)
    {
      guint index = page_nr * per_page + i;
      int column = i % self->columns, row = i / self->columns;

      if (index >= self->cards->len)
        break;

      cairo_save (cr);
      cairo_translate (cr, column * (card_width + CARD_GAP), row * (card_height + CARD_GAP));
      draw_card (self, context, cr, self->cards->pdata[index], card_width, card_height);
      cairo_restore (cr);
    }
}

/* The print operation */

static char *
get_title (TkrPrintJob *self)
{
  switch (self->kind)
    {
    case TKR_PRINT_CHARACTER_SHEET:
      return g_strdup (display_name (tkr_character_get_name (self->character)));
    case TKR_PRINT_INITIATIVE_CARDS:
      return g_strdup (_ ("Initiative Cards"));
    case TKR_PRINT_ZONE_CARDS:
      return g_strdup (_ ("Zone Cards"));
    default:
      g_assert_not_reached ();
    }
}

static void
draw_footer (TkrPrintJob *self, GtkPrintContext *context, cairo_t *cr, int page_nr)
{
  double top = self->height - FOOTER_HEIGHT + 8;
  g_autofree char *title = get_title (self);
  /* Translators: in the footer of a printed page */
  g_autofree char *page = g_strdup_printf (_ ("Page %d of %d"), page_nr + 1, self->n_pages);
  g_autoptr (PangoLayout) page_layout =
    new_text_layout (context, TEXT_SMALL, page, self->width / 3, PANGO_ALIGN_RIGHT);
  g_autoptr (PangoLayout) title_layout =
    new_text_layout (context, TEXT_SMALL, title, self->width * 2 / 3 - 12, PANGO_ALIGN_LEFT);

  pango_layout_set_ellipsize (title_layout, PANGO_ELLIPSIZE_END);
  draw_line (cr, 0, top, self->width, top, INK_RULE, 0.5);
  show_layout (cr, title_layout, 0, top + 3, INK_SECONDARY);
  show_layout (cr, page_layout, self->width * 2 / 3, top + 3, INK_SECONDARY);
}

static void
clear_pagination (TkrPrintJob *self)
{
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  g_clear_pointer (&self->cards, g_ptr_array_unref);
}

static void
begin_print_cb (GtkPrintOperation *operation, GtkPrintContext *context, TkrPrintJob *self)
{
  clear_pagination (self);
  self->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->cards = g_ptr_array_new_with_free_func (card_free);
  self->width = gtk_print_context_get_width (context);
  self->height = gtk_print_context_get_height (context);

  switch (self->kind)
    {
    case TKR_PRINT_CHARACTER_SHEET:
      paginate_sheet (self, context);
      break;
    case TKR_PRINT_INITIATIVE_CARDS:
      collect_initiative_cards (self);
      paginate_cards (self);
      break;
    case TKR_PRINT_ZONE_CARDS:
      collect_zone_cards (self);
      paginate_cards (self);
      break;
    default:
      g_assert_not_reached ();
    }

  gtk_print_operation_set_n_pages (operation, MAX (1, self->n_pages));
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext *context,
              int page_nr,
              TkrPrintJob *self)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, self->width, self->height - FOOTER_HEIGHT);
  cairo_clip (cr);
  if (self->kind == TKR_PRINT_CHARACTER_SHEET)
    {
      if (page_nr >= 0 && (guint) page_nr < self->pages->len)
        {
          GArray *page = self->pages->pdata[page_nr];

          for (guint i = 0; i < page->len; i++)
            draw_op (cr, &g_array_index (page, Op, i));
        }
    }
  else
    draw_cards_page (self, context, cr, page_nr);
  cairo_restore (cr);

  draw_footer (self, context, cr, page_nr);
}

static void
end_print_cb (GtkPrintOperation *operation, GtkPrintContext *context, TkrPrintJob *self)
{
  clear_pagination (self);
}

/* The file name "Print to File" proposes */

/* What is printed names the file: a sheet its character, cards the
 * document they come from, never the previous print's file. */
static char *
get_file_basename (TkrPrintJob *self)
{
  const char *source = self->document_title;
  char *name;

  if (source == NULL || *source == '\0')
    source = tkr_campaign_get_name (self->campaign);
  if (source == NULL || *source == '\0')
    source = _ ("Untitled Campaign");

  switch (self->kind)
    {
    case TKR_PRINT_CHARACTER_SHEET:
      name = g_strdup (display_name (tkr_character_get_name (self->character)));
      break;
    case TKR_PRINT_INITIATIVE_CARDS:
      /* Translators: a file name, e.g. "Lost Mine initiative cards"; %s is the
       * campaign's document */
      name = g_strdup_printf (C_ ("file name", "%s initiative cards"), source);
      break;
    case TKR_PRINT_ZONE_CARDS:
      /* Translators: a file name, e.g. "Lost Mine zone cards"; %s is the
       * campaign's document */
      name = g_strdup_printf (C_ ("file name", "%s zone cards"), source);
      break;
    default:
      g_assert_not_reached ();
    }
  /* A name is one file, not a path. */
  g_strdelimit (name, "/\\", '-');
  return name;
}

/* The "file" printer writes to the output URI when it is set, else to the
 * base name in the documents folder. After a print to a file, the next one
 * proposes its own name in that file's folder: the last print's URI would
 * offer to overwrite the last print. */
GtkPrintSettings *
tkr_print_job_make_print_settings (TkrPrintJob *self, GtkPrintSettings *last)
{
  GtkPrintSettings *settings;
  const char *last_uri;
  g_autofree char *basename = NULL;

  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), NULL);
  g_return_val_if_fail (last == NULL || GTK_IS_PRINT_SETTINGS (last), NULL);

  settings = last ? gtk_print_settings_copy (last) : gtk_print_settings_new ();
  basename = get_file_basename (self);
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, basename);
  last_uri = gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_URI);
  if (last_uri != NULL && *last_uri != '\0')
    {
      g_autoptr (GFile) last_file = g_file_new_for_uri (last_uri);
      g_autoptr (GFile) folder = g_file_get_parent (last_file);
      const char *format = gtk_print_settings_get (settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT);
      g_autofree char *file_name = NULL;
      g_autoptr (GFile) file = NULL;
      g_autofree char *uri = NULL;

      if (g_strcmp0 (format, "ps") != 0 && g_strcmp0 (format, "svg") != 0)
        format = "pdf";
      file_name = g_strconcat (basename, ".", format, NULL);
      /* A folder removed since is not proposed (the print would fail): the
       * documents folder then, as the first time. Only local folders are
       * looked at, which does not block. */
      if (folder != NULL && g_file_is_native (folder) &&
          g_file_query_file_type (folder, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
        g_clear_object (&folder);
      if (folder != NULL)
        file = g_file_get_child_for_display_name (folder, file_name, NULL);
      if (file != NULL)
        uri = g_file_get_uri (file);
      gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_URI, uri);
    }
  return settings;
}

/* Print Preview inside the app */

gboolean
tkr_print_job_has_external_previewer (void)
{
  g_autofree char *command = NULL;
  g_autofree char *program = NULL;
  g_auto (GStrv) argv = NULL;

  g_object_get (gtk_settings_get_default (), "gtk-print-preview-command", &command, NULL);
  if (command == NULL || !g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL)
    return FALSE;
  program = g_find_program_in_path (argv[0]);
  return program != NULL;
}

typedef struct
{
  TkrPrintJob *job;
  TkrPrintPreview *window;
  cairo_surface_t *page; /* being drawn */
  double width;
  double height;
} PreviewRun;

static void
preview_run_free (gpointer data, GClosure *closure)
{
  PreviewRun *run = data;

  g_clear_pointer (&run->page, cairo_surface_destroy);
  g_clear_object (&run->job);
  g_free (run);
}

static void
set_cairo_target (GtkPrintContext *context, cairo_surface_t *surface)
{
  cairo_t *cr = cairo_create (surface);

  /* Points at 72 dpi: one unit of the job's drawing is one unit here. */
  gtk_print_context_set_cairo_context (context, cr, 72, 72);
  cairo_destroy (cr);
}

/* Each page the operation renders gets a surface of its paper's size. */
static void
preview_got_page_size_cb (GtkPrintOperationPreview *preview,
                          GtkPrintContext *context,
                          GtkPageSetup *page_setup,
                          PreviewRun *run)
{
  cairo_rectangle_t extents = { 0, 0, 0, 0 };

  run->width = gtk_page_setup_get_paper_width (page_setup, GTK_UNIT_POINTS);
  run->height = gtk_page_setup_get_paper_height (page_setup, GTK_UNIT_POINTS);
  extents.width = run->width;
  extents.height = run->height;
  g_clear_pointer (&run->page, cairo_surface_destroy);
  run->page = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  set_cairo_target (context, run->page);
}

/* Paginated: every selected page is drawn by draw-page into its surface,
 * then the operation ends and the window shows the pages. */
static void
preview_ready_cb (GtkPrintOperationPreview *preview, GtkPrintContext *context, PreviewRun *run)
{
  int n_pages = MAX (1, run->job->n_pages);

  for (int i = 0; i < n_pages; i++)
    {
      if (!gtk_print_operation_preview_is_selected (preview, i))
        continue;
      gtk_print_operation_preview_render_page (preview, i);
      if (run->page != NULL)
        {
          tkr_print_preview_add_page (run->window, run->page, run->width, run->height);
          g_clear_pointer (&run->page, cairo_surface_destroy);
        }
    }
  gtk_window_present (GTK_WINDOW (run->window));
  gtk_print_operation_preview_end_preview (preview);
}

/* With no previewer installed (the GNOME runtime has none), GTK would write
 * a PDF for a program that is not there and nothing would appear: the
 * pages are shown in the app instead. */
static gboolean
preview_cb (GtkPrintOperation *operation,
            GtkPrintOperationPreview *preview,
            GtkPrintContext *context,
            GtkWindow *parent,
            TkrPrintJob *self)
{
  PreviewRun *run;
  g_autofree char *title = NULL;
  cairo_surface_t *scratch;

  if (tkr_print_job_has_external_previewer ())
    return FALSE;

  title = get_title (self);
  run = g_new0 (PreviewRun, 1);
  run->job = g_object_ref (self);
  run->window = tkr_print_preview_new (parent, title);

  /* The operation wants a cairo context before it paginates. */
  scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  set_cairo_target (context, scratch);
  cairo_surface_destroy (scratch);

  g_signal_connect (preview, "got-page-size", G_CALLBACK (preview_got_page_size_cb), run);
  /* The run lives as long as the preview's handlers (the preview is the
   * operation); the last of them, "ready", frees it. */
  g_signal_connect_data (preview, "ready", G_CALLBACK (preview_ready_cb), run, preview_run_free, 0);
  return TRUE;
}

static GtkPageSetup *
create_page_setup (void)
{
  GtkPageSetup *page_setup = gtk_page_setup_new ();

  gtk_page_setup_set_top_margin (page_setup, PAGE_MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_bottom_margin (page_setup, PAGE_MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_left_margin (page_setup, PAGE_MARGIN_MM, GTK_UNIT_MM);
  gtk_page_setup_set_right_margin (page_setup, PAGE_MARGIN_MM, GTK_UNIT_MM);
  return page_setup;
}

static GtkPrintOperation *
create_operation (TkrPrintJob *self)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  g_autoptr (GtkPageSetup) page_setup = NULL;
  g_autofree char *title = get_title (self);
  /* Translators: the print job's name, e.g. "Turnkeeper: Alice" */
  g_autofree char *job_name = g_strdup_printf (_ ("Turnkeeper: %s"), title);

  page_setup = last_page_setup ? g_object_ref (last_page_setup) : create_page_setup ();
  gtk_print_operation_set_job_name (operation, job_name);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_default_page_setup (operation, page_setup);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);

  g_signal_connect_object (operation, "begin-print", G_CALLBACK (begin_print_cb), self, 0);
  g_signal_connect_object (operation, "draw-page", G_CALLBACK (draw_page_cb), self, 0);
  g_signal_connect_object (operation, "end-print", G_CALLBACK (end_print_cb), self, 0);
  g_signal_connect_object (operation, "preview", G_CALLBACK (preview_cb), self, 0);
  return operation;
}

/* Public API */

TkrPrintJob *
tkr_print_job_new (TkrPrintKind kind, TkrCampaign *campaign, TkrCharacter *character)
{
  g_return_val_if_fail (TKR_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (character == NULL || TKR_IS_CHARACTER (character), NULL);
  g_return_val_if_fail (kind != TKR_PRINT_CHARACTER_SHEET || character != NULL, NULL);

  return g_object_new (TKR_TYPE_PRINT_JOB, "kind", kind, "campaign", campaign, "character",
                       character, NULL);
}

TkrPrintKind
tkr_print_job_get_kind (TkrPrintJob *self)
{
  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), TKR_PRINT_CHARACTER_SHEET);

  return self->kind;
}

GtkPrintOperationResult
tkr_print_job_run_dialog (TkrPrintJob *self, GtkWindow *parent, GError **error)
{
  g_autoptr (GtkPrintOperation) operation = NULL;
  g_autoptr (GtkPrintSettings) settings = NULL;
  GtkPrintOperationResult result;

  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (error == NULL || *error == NULL, GTK_PRINT_OPERATION_RESULT_ERROR);

  operation = create_operation (self);
  /* "Print to File" proposes a name after what is printed. */
  settings = tkr_print_job_make_print_settings (self, last_settings);
  gtk_print_operation_set_print_settings (operation, settings);

  result =
    gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, error);
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    {
      g_set_object (&last_settings, gtk_print_operation_get_print_settings (operation));
      g_set_object (&last_page_setup, gtk_print_operation_get_default_page_setup (operation));
    }
  return result;
}

GtkPrintOperationResult
tkr_print_job_run_preview (TkrPrintJob *self, GtkWindow *parent, GError **error)
{
  g_autoptr (GtkPrintOperation) operation = NULL;
  g_autoptr (GtkPrintSettings) settings = NULL;

  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (error == NULL || *error == NULL, GTK_PRINT_OPERATION_RESULT_ERROR);

  operation = create_operation (self);
  settings = tkr_print_job_make_print_settings (self, last_settings);
  gtk_print_operation_set_print_settings (operation, settings);
  return gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PREVIEW, parent, error);
}

void
tkr_print_job_set_document_title (TkrPrintJob *self, const char *title)
{
  g_return_if_fail (TKR_IS_PRINT_JOB (self));

  if (g_strcmp0 (self->document_title, title) == 0)
    return;
  g_free (self->document_title);
  self->document_title = g_strdup (title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT_TITLE]);
}

const char *
tkr_print_job_get_document_title (TkrPrintJob *self)
{
  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), NULL);

  return self->document_title;
}

gboolean
tkr_print_job_export_pdf (TkrPrintJob *self, const char *path, GError **error)
{
  g_autoptr (GtkPrintOperation) operation = NULL;
  g_autoptr (GError) local_error = NULL;
  GtkPrintOperationResult result;

  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  operation = create_operation (self);
  gtk_print_operation_set_export_filename (operation, path);
  result =
    gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, &local_error);
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY && local_error == NULL)
    return TRUE;

  {
    g_autofree char *name = g_filename_display_name (path);

    g_set_error (error, GTK_PRINT_ERROR, GTK_PRINT_ERROR_GENERAL, _ ("Could not export “%s”: %s"),
                 name, local_error ? local_error->message : _ ("the export was cancelled"));
  }
  return FALSE;
}

int
tkr_print_job_get_n_pages (TkrPrintJob *self)
{
  g_return_val_if_fail (TKR_IS_PRINT_JOB (self), 0);

  return self->n_pages;
}

/* GObject */

static void
tkr_print_job_dispose (GObject *object)
{
  TkrPrintJob *self = TKR_PRINT_JOB (object);

  clear_pagination (self);
  g_clear_object (&self->campaign);
  g_clear_object (&self->character);
  g_clear_pointer (&self->document_title, g_free);

  G_OBJECT_CLASS (tkr_print_job_parent_class)->dispose (object);
}

static void
tkr_print_job_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TkrPrintJob *self = TKR_PRINT_JOB (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_CHARACTER:
      g_value_set_object (value, self->character);
      break;
    case PROP_DOCUMENT_TITLE:
      g_value_set_string (value, self->document_title);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_print_job_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TkrPrintJob *self = TKR_PRINT_JOB (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_enum (value);
      break;
    case PROP_CAMPAIGN:
      self->campaign = g_value_dup_object (value);
      break;
    case PROP_CHARACTER:
      self->character = g_value_dup_object (value);
      break;
    case PROP_DOCUMENT_TITLE:
      tkr_print_job_set_document_title (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tkr_print_job_class_init (TkrPrintJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = tkr_print_job_dispose;
  object_class->get_property = tkr_print_job_get_property;
  object_class->set_property = tkr_print_job_set_property;

  properties[PROP_KIND] = g_param_spec_enum (
    "kind", NULL, NULL, TKR_TYPE_PRINT_KIND, TKR_PRINT_CHARACTER_SHEET,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAMPAIGN] = g_param_spec_object (
    "campaign", NULL, NULL, TKR_TYPE_CAMPAIGN,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHARACTER] = g_param_spec_object (
    "character", NULL, NULL, TKR_TYPE_CHARACTER,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DOCUMENT_TITLE] =
    g_param_spec_string ("document-title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
tkr_print_job_init (TkrPrintJob *self)
{
}
